// The compliance overview (issue 29), regulators only, always of the caller's own competent
// authority: the numbers, the list behind each (paged, sorted, filtered in the database; exported
// as .xlsx), and chasing a list's organisations — the check, the start of its workflow, its progress.
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { role } from '../routing';
import { currentUser } from '../auth/current-user';
import { assertCaAccess } from '../auth/scope';
import { validate } from '../validate';
import { single } from '../params';
import { writeWorkbook, sendWorkbook } from '../mi-reports/xlsx';
import { complianceListBatches, complianceListPage, recentComplianceOverview } from '../compliance/overview';
import { chaseCheck, chaseProgress, startChase } from '../compliance/chases';
import { rfiBatchCheck, rfiBatchProgress, startRfiBatch } from '../compliance/rfi-batches';
import {
  rfiBatchCheckSchema,
  rfiBatchProgressSchema,
  rfiBatchSchema,
} from '../../processes/request-for-information/batch';
import { requestForInformationProcess } from '../../processes/request-for-information/process';
import { fullName } from '../../domain/work-items';
import {
  chaseCheckSchema,
  chaseProgressSchema,
  complianceChaseSchema,
  complianceListPageSchema,
  complianceListQuerySchema,
  complianceListSchema,
  complianceOverviewSchema,
  complianceStateLabels,
  type ComplianceListPage,
  type ComplianceListRow,
} from '../../domain/compliance';
import * as v from 'valibot';
import type { AppDeps } from '../deps';
import type { Actor } from '../../domain/request-messages';
import type { CompetentAuthority, Permission } from '../../domain/authorities';
import type { ComplianceList } from '../../domain/compliance';

const regulators = role(['REGULATOR']);

/** The query string's values, one each (a repeated parameter reads as its first). */
const queryOf = (ctx: Context) => Object.fromEntries(Object.entries(ctx.query).map(([k, val]) => [k, single(val)]));

const listBody = v.object({ ...complianceListQuerySchema.entries });

export const LIST_COLUMNS = [
  'Organisation name',
  'Organisation ID',
  'Registration number',
  'Status',
  'Overdue',
  'Due date',
  'Last reminder',
  'Assignee',
] as const;

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/London',
      })
    : '';
const cells = (r: ComplianceListRow): string[] => [
  r.name,
  r.organisationId,
  r.registrationNumber ?? '',
  complianceStateLabels[r.state],
  r.overdue ? 'Yes' : 'No',
  day(r.dueDate),
  day(r.lastReminder),
  r.assignee ?? '',
];

/** Sending a request for information to a list needs the permission to start one. */
const rfiPermission = requestForInformationProcess.create!.permission!;

/** What is done to every organisation of a list at once (a chase, requests for information): its three routes. */
interface ListBatch<Body> {
  /** `/compliance/chases`: the check is `{path}/check`, the progress `{path}/:id`. */
  path: string;
  /** 'chase' in 'The chase id must be a whole number'. */
  noun: string;
  /** Beyond being a regulator of the authority. */
  permission?: Permission;
  body: v.GenericSchema<unknown, Body>;
  check: (deps: AppDeps, ca: CompetentAuthority, list: ComplianceList) => Promise<unknown>;
  /** The check's answer. */
  checked: v.GenericSchema;
  start: (deps: AppDeps, ca: CompetentAuthority, by: Actor, body: Body) => Promise<number>;
  progress: (db: AppDeps['db'], ca: CompetentAuthority, id: number) => Promise<unknown>;
  /** The progress's answer. */
  progressed: v.GenericSchema;
}

function listBatchRoutes<Body>(batch: ListBatch<Body>): RouteDef[] {
  const id = v.pipe(
    v.string(),
    v.regex(/^[1-9][0-9]{0,14}$/, `The ${batch.noun} id must be a whole number`),
    v.transform(Number),
  );
  return [
    {
      method: 'get',
      path: `${batch.path}/check`,
      access: regulators,
      query: complianceListSchema,
      response: batch.checked,
      handler: async (ctx, deps) => {
        const ca = assertCaAccess(currentUser(ctx), batch.permission);
        ctx.body = await batch.check(deps, ca, validate(complianceListSchema, queryOf(ctx)));
      },
    },
    {
      method: 'post',
      path: batch.path,
      access: regulators,
      body: batch.body,
      ok: 201,
      // 409 when the list is no longer the one checked.
      answers: [409],
      response: v.object({ id: v.number() }),
      handler: async (ctx, deps) => {
        const user = currentUser(ctx);
        const ca = assertCaAccess(user, batch.permission);
        const body = validate(batch.body, ctx.request.body ?? {});
        ctx.status = 201;
        ctx.body = {
          id: await batch.start(
            deps,
            ca,
            { userId: user.userId, fullName: fullName(user), audit: { address: ctx.ip, roleType: user.roleType } },
            body,
          ),
        };
      },
    },
    {
      method: 'get',
      path: `${batch.path}/:id`,
      access: regulators,
      answers: [400],
      response: batch.progressed,
      handler: async (ctx, { db }) => {
        const ca = assertCaAccess(currentUser(ctx), batch.permission);
        ctx.body = await batch.progress(db, ca, validate(id, ctx.params.id));
      },
    },
  ];
}

export const complianceRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/compliance/overview',
    access: regulators,
    response: complianceOverviewSchema,
    handler: async (ctx, { db, config }) => {
      ctx.body = await recentComplianceOverview(db, config, assertCaAccess(currentUser(ctx)));
    },
  },
  {
    method: 'get',
    path: '/compliance/accounts',
    access: regulators,
    query: complianceListQuerySchema,
    response: complianceListPageSchema,
    handler: async (ctx, { db, config }) => {
      const ca = assertCaAccess(currentUser(ctx));
      const q = validate(complianceListQuerySchema, queryOf(ctx));
      const { sort, direction, page, size, ...list } = q;
      const found = await complianceListPage(db, config, ca, list, { sort, direction, page, size });
      const body: ComplianceListPage = {
        requestType: list.requestType,
        reportName: found.reportName,
        state: list.state ?? null,
        category: list.category ?? null,
        categoryLabel: found.categoryLabel,
        rows: found.rows,
        total: found.total,
        page,
        size,
      };
      ctx.body = body;
    },
  },
  {
    method: 'post',
    path: '/compliance/accounts/export',
    access: regulators,
    body: listBody,
    handler: async (ctx, { db, config }) => {
      const ca = assertCaAccess(currentUser(ctx));
      const { sort, direction, page: _page, size: _size, ...list } = validate(listBody, ctx.request.body ?? {});
      const rows = complianceListBatches(db, config, ca, list, sort, direction);
      // Read the first batch before writing: a bad list is a JSON error, not a broken file.
      const written = await writeWorkbook([{ name: 'Organisations', columns: LIST_COLUMNS, rows: mapBatches(rows) }]);
      await sendWorkbook(ctx, written, 'Compliance_overview.xlsx');
    },
  },
  ...listBatchRoutes({
    path: '/compliance/chases',
    noun: 'chase',
    body: complianceChaseSchema,
    check: chaseCheck,
    checked: chaseCheckSchema,
    start: (deps, ca, by, body) => startChase(deps, ca, by, body.list, body.expected),
    progress: chaseProgress,
    progressed: chaseProgressSchema,
  }),
  ...listBatchRoutes({
    path: '/compliance/rfi-batches',
    noun: 'batch',
    permission: rfiPermission,
    body: rfiBatchSchema,
    check: rfiBatchCheck,
    checked: rfiBatchCheckSchema,
    start: startRfiBatch,
    progress: rfiBatchProgress,
    progressed: rfiBatchProgressSchema,
  }),
];

async function* mapBatches(batches: AsyncIterable<ComplianceListRow[]>): AsyncIterable<string[][]> {
  for await (const batch of batches) yield batch.map(cells);
}
