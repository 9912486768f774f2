// Management-information reports (spec §7, reference platform §5), regulators only, always of the
// caller's own competent authority: the report types, a page of a report's sheet, the custom SQL
// report, the notifications' submitted data as data, and every report as an .xlsx download.
import * as v from 'valibot';
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { role } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser } from '../auth/current-user';
import { assertCaAccess } from '../auth/scope';
import { validate } from '../validate';
import { notFound } from '../errors';
import { pageParams, pageQuery } from '../params';
import { regulatorTaskTypes, standardWorkbook } from '../mi-reports/standard';
import { exportWorkbook, sheetOf, sheetPage } from '../mi-reports/workbooks';
import {
  customQueryPage,
  customQueryRows,
  exportFileCheck,
  withCustomQuery,
  type CustomQueryCaller,
  type CustomQueryOptions,
} from '../mi-reports/custom-query';
import { sendWorkbook, writeWorkbook } from '../mi-reports/xlsx';
import { accountTypes } from '../../domain/work-items';
import {
  customReportPageSchema,
  customReportParamsSchema,
  miReportPageSchema,
  miReportTypeEntrySchema,
  fixedMiReports,
  type CustomReportPage,
  type MiReportPage,
  type MiReportTypeEntry,
} from '../../domain/mi-reports';
import { miReportParamsSchema, miReports } from '../../processes/mi-reports';
import { notificationCodes, processFor } from '../../processes';

/** The caller's competent authority, for a known account type (ORGANISATION); 404 for any other. */
function scope(ctx: Context) {
  if (!accountTypes.includes(ctx.params.accountType as (typeof accountTypes)[number]))
    throw notFound('Unknown account type');
  return assertCaAccess(currentUser(ctx));
}

const customOptions = ({ config: { miReports: m } }: AppDeps): CustomQueryOptions => ({
  rowLimit: m.rowLimit,
  timeoutMs: m.timeoutMs,
  cellMaxBytes: m.cellMaxBytes,
  rowMaxBytes: m.rowMaxBytes,
  pageMaxBytes: m.pageMaxBytes,
  exportMaxBytes: m.exportMaxBytes,
  exportMaxMs: m.exportMaxMs,
  concurrentPerUser: m.concurrentPerUser,
});
const customCaller = (ctx: Context): CustomQueryCaller => ({ ca: scope(ctx), userId: currentUser(ctx).userId });

export const miReportRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/:accountType/mireports/types',
    access: role(['REGULATOR']),
    response: v.array(miReportTypeEntrySchema),
    handler: (ctx) => {
      scope(ctx);
      ctx.body = miReports().map((r): MiReportTypeEntry => ({ miReportType: r.type, name: r.name }));
    },
  },
  {
    method: 'get',
    path: '/:accountType/mireports/request-task-types',
    access: role(['REGULATOR']),
    response: v.array(v.string()),
    handler: (ctx) => {
      scope(ctx);
      ctx.body = regulatorTaskTypes();
    },
  },
  {
    method: 'post',
    path: '/:accountType/mireports',
    access: role(['REGULATOR']),
    answers: [400],
    response: miReportPageSchema,
    handler: async (ctx, { db }) => {
      const ca = scope(ctx);
      const params = validate(miReportParamsSchema, ctx.request.body);
      const workbook = await standardWorkbook(db, ca, params);
      const sheet = sheetOf(workbook, params.sheet);
      const { results, total } = await sheetPage(db, sheet, params.page, params.size);
      const body: MiReportPage = {
        reportType: params.reportType,
        sheets: workbook.sheets.map((s) => s.name),
        sheet: sheet.name,
        columnNames: [...sheet.columns],
        results,
        total,
        page: params.page,
        size: params.size,
      };
      ctx.body = body;
    },
  },
  {
    method: 'post',
    path: '/:accountType/mireports/export',
    access: role(['REGULATOR']),
    body: miReportParamsSchema,
    handler: async (ctx, { db }) => {
      const ca = scope(ctx);
      const params = validate(miReportParamsSchema, ctx.request.body);
      const workbook = await standardWorkbook(db, ca, params);
      await sendWorkbook(ctx, await exportWorkbook(db, workbook), workbook.fileName);
    },
  },
  {
    method: 'post',
    path: '/:accountType/mireports/custom',
    access: role(['REGULATOR']),
    // 429 while the caller's custom queries take all their slots.
    answers: [400, 429],
    response: customReportPageSchema,
    handler: async (ctx, deps) => {
      const caller = customCaller(ctx);
      const params = validate(customReportParamsSchema, ctx.request.body);
      const options = customOptions(deps);
      const page = await withCustomQuery(deps, caller, params.sqlQuery, options, (cursor) =>
        customQueryPage(cursor, options, params.page, params.size),
      );
      const body: CustomReportPage = {
        reportType: 'CUSTOM',
        ...page,
        rowLimit: options.rowLimit,
        page: params.page,
        size: params.size,
      };
      ctx.body = body;
    },
  },
  {
    method: 'post',
    path: '/:accountType/mireports/custom/export',
    access: role(['REGULATOR']),
    answers: [429],
    body: customReportParamsSchema,
    handler: async (ctx, deps) => {
      const caller = customCaller(ctx);
      const params = validate(customReportParamsSchema, ctx.request.body);
      const options = customOptions(deps);
      const deadline = Date.now() + options.exportMaxMs;
      // The whole file is written before anything is sent: a failure half-way is still a JSON error.
      const written = await withCustomQuery(
        deps,
        caller,
        params.sqlQuery,
        options,
        (cursor) =>
          writeWorkbook(
            [{ name: 'Data', columns: cursor.columnNames(), rows: customQueryRows(cursor, options, deadline) }],
            { check: exportFileCheck(options, deadline) },
          ),
        { deadline },
      );
      await sendWorkbook(ctx, written, `${fixedMiReports.CUSTOM.name}.xlsx`);
    },
  },
  {
    // A phase's notifications' submitted data as data (reference §5: fetched a thousand at a time);
    // phase-3 as the real service has it, and each later phase whose notification the service runs.
    method: 'get',
    path: '/:accountType/mireports/noc/:phase',
    access: role(['REGULATOR']),
    query: pageQuery,
    response: v.object({
      reportType: v.string(),
      /** Per request id, the account and the notification's submitted data. */
      results: v.record(
        v.string(),
        v.object({
          organisationId: v.string(),
          organisationName: v.string(),
          registrationNumber: v.nullable(v.string()),
          accountStatus: v.string(),
          submittedAt: v.nullable(v.string()),
          noc: v.unknown(),
        }),
      ),
      total: v.number(),
    }),
    handler: async (ctx, { db }) => {
      const ca = scope(ctx);
      const phase = /^phase-([1-9]\d{0,2})$/.exec(ctx.params.phase ?? '')?.[1];
      const notification = phase ? processFor(notificationCodes(Number(phase)).NOTIFICATION) : undefined;
      if (!notification?.submittedData) throw notFound('No notification of compliance of that phase');
      const NOTIFICATION = notification.requestType;
      const { page, size } = pageParams(ctx.query);
      const query = db('reports as p')
        .join('accounts as a', 'a.id', 'p.account_id')
        .where({ 'a.competent_authority': ca, 'p.type': NOTIFICATION });
      const [rows, count] = await Promise.all([
        query
          .clone()
          .orderBy([{ column: 'p.submitted_at' }, { column: 'p.request_id' }])
          .limit(size)
          .offset(page * size)
          .select(
            'p.request_id',
            'p.data',
            'p.submitted_at',
            'a.organisation_id',
            'a.name',
            'a.registration_number',
            'a.status',
          ),
        query.clone().count({ n: '*' }).first(),
      ]);
      ctx.body = {
        reportType: notification.submittedData.reportType,
        results: Object.fromEntries(
          rows.map((r) => [
            r.request_id,
            {
              organisationId: r.organisation_id,
              organisationName: r.name,
              registrationNumber: r.registration_number,
              accountStatus: r.status,
              submittedAt: r.submitted_at,
              noc: r.data,
            },
          ]),
        ),
        total: Number((count as { n?: unknown } | undefined)?.n ?? 0),
      };
    },
  },
];
