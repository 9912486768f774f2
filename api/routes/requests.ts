// Requests (spec §7 "Requests and request actions"): read one, search an account's, list what the
// caller may start, and start a process.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkflowNotFoundError } from '@temporalio/client';
import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { idempotencyKey, required, validate } from '../validate';
import { badRequest, forbidden, notFound } from '../errors';
import { assertVisible, hasAuthorityOn, permissionsOn } from '../tasks/task-access';
import { assertAccountAccess } from '../auth/scope';
import { startRequestWorkflow } from '../request-workflows';
import {
  onceUnlessCancelled,
  processFor,
  registeredProcesses,
  requestIdOf,
  type Availability,
  type ProcessDefinition,
  type StartFacts,
} from '../../processes';
import { dueDateDeadline, workingDaysDeadline } from '../../domain/deadlines';
import type { RequestInput } from '../../domain/request-messages';
import { inWindow } from '../../infra/config';
import { dueDateOf, configuredWindows, upcomingPhaseReports, windowsOf } from '../process-settings';
import { reportOpening } from '../../domain/phases';
import { fullName, MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../../domain/work-items';
import {
  REGISTRATION_NUMBER_NOT_FOUND,
  REGISTRATION_NUMBER_TAKEN,
  type OrganisationAccountApplication,
} from '../../domain/accounts';
import { ApiError } from '../errors';
import { companyRegister } from '../companies';
import type { AppDeps } from '../deps';
import type { Context } from 'koa';
import { idText, wholeNumber } from '../../domain/validation';
import { auditOrigin } from '../../infra/audit';
import {
  availabilitySchema,
  requestInfoSchema,
  requestSearchPageSchema,
  requestStartedSchema,
  requestStatuses as statusValues,
} from '../../domain/requests';
import { textQuery } from '../params';

const idParam = idText('The account id must be a number');

const searchBody = v.object({
  accountId: wholeNumber('accountId must be a number'),
  category: v.optional(v.picklist(['PERMIT', 'REPORTING'])),
  // Filters (reference platform: search-by-account criteria); empty or missing: all.
  requestTypes: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string('requestTypes must be request types'),
          v.check((t) => !!processFor(t), 'requestTypes must be request types'),
        ),
      ),
      v.maxLength(50),
    ),
  ),
  requestStatuses: v.optional(
    v.pipe(
      v.array(v.picklist(statusValues, 'requestStatuses must be request statuses')),
      v.maxLength(statusValues.length * 2),
    ),
  ),
  paging: v.object({
    pageNumber: wholeNumber('pageNumber must be a whole number, 0 or more', { min: 0, max: MAX_PAGE_NUMBER }),
    pageSize: wholeNumber(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`, { max: MAX_PAGE_SIZE }),
  }),
});

const createBody = v.object({
  requestCreateActionType: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  requestCreateActionPayload: v.optional(v.unknown()),
});

/** Request types of the reporting phases (reference: workflows §1.1), for the account page's two tabs. */
const reportingTypes = () =>
  registeredProcesses()
    .filter((p) => p.category === 'REPORTING')
    .map((p) => p.requestType);

interface AccountRow {
  id: number;
  competent_authority: string;
  status: string;
}

async function accountFor(
  ctx: { state: { user?: CurrentUser } },
  db: import('knex').Knex,
  accountId: number,
): Promise<AccountRow> {
  const account = await db('accounts').where({ id: accountId }).first('id', 'competent_authority', 'status');
  if (!account) throw notFound('Account not found');
  assertVisible(
    currentUser(ctx),
    { accountId: account.id, competentAuthority: account.competent_authority },
    'Account',
  );
  return account;
}

function mayCreate(user: CurrentUser, def: ProcessDefinition, account: AccountRow): boolean {
  if (!def.create || def.create.withoutAccount || def.create.roleType !== user.roleType) return false;
  const held = permissionsOn(user, { accountId: account.id, competentAuthority: account.competent_authority });
  return def.create.permission
    ? held.includes(def.create.permission)
    : hasAuthorityOn(user, { accountId: account.id, competentAuthority: account.competent_authority });
}

/** The status of the account's request of each type (ids are one per type and account). */
async function requestStatuses(db: import('knex').Knex, accountId: number): Promise<StartFacts['statuses']> {
  const rows = await db('requests').where({ account_id: accountId }).select('type', 'status');
  return Object.fromEntries(rows.map((r) => [r.type, r.status]));
}

/**
 * Reference §5: every process needs a LIVE account; then its own rule over the account's other
 * requests and, for the reports, the initiate window of the configuration.
 */
function availability(
  deps: Pick<AppDeps, 'config'>,
  def: ProcessDefinition,
  account: AccountRow,
  statuses: StartFacts['statuses'],
): Availability {
  if (account.status !== 'LIVE')
    return { valid: false, accountStatus: account.status, applicableAccountStatuses: ['LIVE'] };
  const windows = windowsOf(deps.config, def);
  const now = deps.config.reporting.now();
  const inWin = !windows || inWindow(windows.initiate, now);
  const result = (def.create?.rule ?? onceUnlessCancelled(def.requestType))({ statuses, inWindow: inWin });
  // A report not open yet says when it opens ('Start a new task'), when nothing else blocks it.
  const configured = configuredWindows(deps.config, def);
  const opening = configured === undefined ? { open: true } : reportOpening(configured, now);
  return !result.valid && !result.requests && 'opensOn' in opening ? { ...result, opensOn: opening.opensOn } : result;
}

/**
 * The due date of the process's task (its `dueDate`) as the configuration has it now; working days
 * skip the bank holidays of the account's nation.
 */
function deadlinesOf(
  deps: Pick<AppDeps, 'config'>,
  def: ProcessDefinition,
  nation: string | null,
): RequestInput['deadlines'] {
  const rule = def.dueDate;
  if (!rule) return undefined;
  if ('workingDays' in rule)
    return {
      [rule.taskType]: workingDaysDeadline(
        new Date(),
        deps.config.reviewDueWorkingDays ?? rule.workingDays,
        rule.remindBeforeMs,
        nation,
      ),
    };
  const due = dueDateOf(deps.config, def);
  return due ? { [rule.taskType]: dueDateDeadline(due, deps.config.reporting.remindBeforeMs) } : undefined;
}

/** May a regulator send this completed request back to the operator (reference §5, related actions)? */
function mayReinitiate(
  user: CurrentUser,
  def: ProcessDefinition,
  account: AccountRow,
  request: { status: string },
  statuses: StartFacts['statuses'],
): boolean {
  const r = def.reinitiate;
  if (!r || user.roleType !== 'REGULATOR') return false;
  if (
    !permissionsOn(user, { accountId: account.id, competentAuthority: account.competent_authority }).includes(
      r.permission,
    )
  )
    return false;
  return account.status === 'LIVE' && request.status === 'COMPLETED' && !r.blockedBy?.(statuses);
}

/** A regulator restarts a completed report from what was last submitted (reference §3.2). */
async function reinitiate(ctx: Context, deps: AppDeps, def: ProcessDefinition, account: AccountRow) {
  const user = currentUser(ctx);
  const request = await deps
    .db('requests')
    .where({ id: requestIdOf(def, account.id) })
    .first('id', 'status', 'payload');
  if (!request) throw createNotAllowed({ valid: false, requests: [def.requestType] });
  if (
    !permissionsOn(user, { accountId: account.id, competentAuthority: account.competent_authority }).includes(
      def.reinitiate!.permission,
    )
  )
    throw forbidden();
  if (!mayReinitiate(user, def, account, request, await requestStatuses(deps.db, account.id)))
    throw createNotAllowed(
      account.status === 'LIVE'
        ? undefined
        : { valid: false, accountStatus: account.status, applicableAccountStatuses: ['LIVE'] },
    );
  const { submittedBy, ...payload } = (request.payload ?? {}) as Record<string, unknown>;
  const snapshot = await startRequestWorkflow(deps, def, {
    requestId: request.id,
    requestType: def.requestType,
    accountId: account.id,
    competentAuthority: account.competent_authority,
    startedBy: { userId: user.userId, fullName: fullName(user), audit: auditOrigin(), roleType: 'REGULATOR' },
    payload,
    reinitiated: true,
    // The operator who submitted it gets it back when they still may (else the primary contact).
    assignees: typeof submittedBy === 'string' ? { OPERATOR: submittedBy } : {},
    deadlines: deadlinesOf(deps, def, account.competent_authority),
  });
  ctx.status = 201;
  ctx.body = { requestId: snapshot.requestId, requestStatus: snapshot.status, tasks: snapshot.tasks };
}

/**
 * The id of a new request of the process on the account: one per account, or for a numbered process
 * (a request for information) the next number after the account's highest. Two starts at one moment
 * get the same id: the second is refused by Temporal (409), as any start of a running request is.
 */
async function newRequestId(db: AppDeps['db'], def: ProcessDefinition, accountId: number): Promise<string> {
  if (!def.id.numbered) return requestIdOf(def, accountId);
  const prefix = `${requestIdOf(def, accountId)}-`;
  const rows = await db('requests').where({ account_id: accountId, type: def.requestType }).select('id');
  const highest = Math.max(
    0,
    ...rows.map((r: { id: string }) => (r.id.startsWith(prefix) ? Number(r.id.slice(prefix.length)) || 0 : 0)),
  );
  return requestIdOf(def, accountId, highest + 1);
}

const createNotAllowed = (details?: Availability) =>
  new ApiError(
    400,
    'REQUEST_CREATE_ACTION1000',
    'Request create action not allowed',
    undefined,
    undefined,
    details ? { ...details } : undefined,
  );

/**
 * A process started without an account (account opening): the API reserves the account id; the workflow creates the account.
 * With an Idempotency-Key, a retry of the same application by the same user answers for the one it
 * reserved first (migrations/20261128000000_application_keys.ts) instead of opening a second account.
 */
async function applyForAccount(ctx: Context, deps: AppDeps, def: ProcessDefinition, rawPayload: unknown) {
  const user = currentUser(ctx);
  if (ctx.query.accountId !== undefined) throw createNotAllowed();
  // Regulators and verifiers review and verify accounts; they do not apply for them.
  if (user.roleType !== 'OPERATOR') throw forbidden();
  const key = idempotencyKey(ctx);
  const application = validate(def.create!.input, rawPayload ?? {}) as OrganisationAccountApplication;
  if (!key)
    return startApplication(ctx, deps, def, application, await reserveAccountId(deps, application), { retry: false });

  // The same key from the same user names one application: the first call reserves its account id.
  const digest = createHash('sha256').update(JSON.stringify(application)).digest('hex');
  const keyRow = { user_id: user.userId, idempotency_key: key };
  let earlier = await deps.db('account_application_keys').where(keyRow).first('account_id', 'payload_digest');
  if (!earlier) {
    const accountId = await reserveAccountId(deps, application);
    const [reserved] = await deps
      .db('account_application_keys')
      .insert({ ...keyRow, account_id: accountId, payload_digest: digest })
      .onConflict(['user_id', 'idempotency_key'])
      .ignore()
      .returning('account_id');
    // Reserved here (and committed before the workflow starts, so a retry after a crash finds it).
    if (reserved) return startApplication(ctx, deps, def, application, accountId, { retry: true });
    // The same key arrived twice at once, and the other call reserved it.
    earlier = await deps.db('account_application_keys').where(keyRow).first('account_id', 'payload_digest');
  }
  if (earlier.payload_digest !== digest)
    throw new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was sent before with a different application',
    );
  // A retry, or a second call at the same moment: let the first call's start land before this one
  // attaches to it, so two starts of one workflow are never sent together (one of two such calls was
  // once answered 409 in CI; where that 409 came from was not found).
  await untilStarted(deps, requestIdOf(def, earlier.account_id));
  return startApplication(ctx, deps, def, application, earlier.account_id, { retry: true });
}

/** Waits (up to 5 s) for a request's workflow to exist; a call that reserved it and died never starts it. */
async function untilStarted(deps: AppDeps, requestId: string): Promise<void> {
  const client = await deps.temporal();
  for (const giveUp = Date.now() + 5000; Date.now() < giveUp; await sleep(200)) {
    try {
      await client.workflow.getHandle(requestId).describe();
      return;
    } catch (err) {
      // Temporal away: the start that follows answers for it (503).
      if (!(err instanceof WorkflowNotFoundError)) return;
    }
  }
}

/** Checks the application's registration number and reserves the id of the account it opens. */
async function reserveAccountId(deps: AppDeps, application: OrganisationAccountApplication): Promise<number> {
  if (application.registrationNumber) {
    const live = await deps
      .db('accounts')
      .where({ registration_number: application.registrationNumber, status: 'LIVE' })
      .first('id');
    if (live) throw new ApiError(400, 'ACCOUNT1001', REGISTRATION_NUMBER_TAKEN, 'registrationNumber');
    if (!(await companyRegister(deps.db).lookup(application.registrationNumber)))
      throw new ApiError(400, 'NOTFOUND1001', REGISTRATION_NUMBER_NOT_FOUND, 'registrationNumber');
  }
  const { rows } = await deps.db.raw(`select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id`);
  return rows[0].id as number;
}

async function startApplication(
  ctx: Context,
  deps: AppDeps,
  def: ProcessDefinition,
  application: OrganisationAccountApplication,
  accountId: number,
  options: { retry: boolean },
) {
  const user = currentUser(ctx);
  const applicant = await deps
    .db('users')
    .where({ id: user.userId })
    .first('first_name', 'last_name', 'email', 'job_title', 'phone_number');
  const { registeredAtCompaniesHouse: _registered, ...account } = application;
  const requestId = requestIdOf(def, accountId);
  const snapshot = await startRequestWorkflow(
    deps,
    def,
    {
      requestId,
      requestType: def.requestType,
      accountId,
      competentAuthority: application.competentAuthority,
      startedBy: { userId: user.userId, fullName: fullName(user), audit: auditOrigin(), roleType: 'OPERATOR' },
      payload: {
        account,
        participantDetails: {
          firstName: applicant.first_name,
          lastName: applicant.last_name,
          email: applicant.email,
          jobTitle: applicant.job_title,
          phoneNumber: applicant.phone_number,
        },
      },
      deadlines: deadlinesOf(deps, def, application.competentAuthority),
    },
    options,
  );
  // A retry of an application whose request has ended: its outcome, as the first answer gave it.
  const ended = snapshot ? null : await deps.db('requests').where({ id: requestId }).first('status');
  ctx.status = 201;
  ctx.body = snapshot
    ? { requestId: snapshot.requestId, requestStatus: snapshot.status, tasks: snapshot.tasks }
    : { requestId, requestStatus: ended?.status ?? 'IN_PROGRESS', tasks: [] };
}

export const requestRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/requests/available-workflows/permit/:accountId',
    access: AUTHENTICATED,
    answers: [400],
    response: v.record(v.string(), availabilitySchema),
    handler: async (ctx, { db, config }) => {
      const account = await accountFor(ctx, db, validate(idParam, ctx.params.accountId));
      const user = currentUser(ctx);
      const statuses = await requestStatuses(db, account.id);
      const result: Record<string, Availability> = {};
      for (const def of registeredProcesses().filter((d) => mayCreate(user, d, account)))
        result[def.requestType] = availability({ config }, def, account, statuses);
      // The reports of a phase no process runs yet: when each opens, under its own title.
      if (account.status === 'LIVE')
        for (const upcoming of upcomingPhaseReports(config).filter((u) => mayCreate(user, u.like, account)))
          result[upcoming.requestType] = { valid: false, opensOn: upcoming.opensOn, title: upcoming.title };
      ctx.body = result;
    },
  },
  {
    method: 'get',
    path: '/requests/available-workflows/reporting/related-actions/:requestId',
    access: AUTHENTICATED,
    response: v.record(v.string(), v.object({ valid: v.boolean() })),
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const request = await db('requests')
        .where({ id: ctx.params.requestId })
        .first('id', 'type', 'status', 'account_id', 'competent_authority');
      if (!request) throw notFound('Request not found');
      assertVisible(
        user,
        { accountId: request.account_id, competentAuthority: request.competent_authority },
        'Request',
      );
      const def = processFor(request.type);
      const account =
        request.account_id === null
          ? null
          : await db('accounts').where({ id: request.account_id }).first('id', 'competent_authority', 'status');
      const available =
        !!def && !!account && mayReinitiate(user, def, account, request, await requestStatuses(db, account.id));
      ctx.body = available ? { [def!.reinitiate!.actionType]: { valid: true } } : {};
    },
  },
  {
    method: 'post',
    path: '/requests/workflows',
    access: AUTHENTICATED,
    body: searchBody,
    response: requestSearchPageSchema,
    handler: async (ctx, { db }) => {
      const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
      required(raw.accountId, 'accountId');
      required(raw.paging, 'paging');
      const body = validate(searchBody, raw);
      await accountFor(ctx, db, body.accountId);
      const q = db('requests').where({ account_id: body.accountId });
      if (body.category === 'REPORTING') q.whereIn('type', reportingTypes());
      if (body.category === 'PERMIT') q.whereNotIn('type', reportingTypes());
      if (body.requestTypes?.length) q.whereIn('type', body.requestTypes);
      if (body.requestStatuses?.length) q.whereIn('status', body.requestStatuses);
      const [rows, [{ n }]] = await Promise.all([
        q
          .clone()
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(body.paging.pageSize)
          .offset(body.paging.pageNumber * body.paging.pageSize),
        q.clone().count<{ n: string }[]>({ n: '*' }),
      ]);
      ctx.body = {
        requestDetails: rows.map((r) => ({
          id: r.id,
          requestType: r.type,
          requestStatus: r.status,
          creationDate: r.created_at,
          endDate: r.ended_at,
          requestMetadata: r.metadata,
        })),
        total: Number(n),
      };
    },
  },
  {
    method: 'get',
    path: '/requests/:id',
    access: AUTHENTICATED,
    response: requestInfoSchema,
    handler: async (ctx, { db }) => {
      const request = await db('requests').where({ id: ctx.params.id }).first();
      if (!request) throw notFound('Request not found');
      assertVisible(
        currentUser(ctx),
        { accountId: request.account_id, competentAuthority: request.competent_authority },
        'Request',
      );
      ctx.body = {
        id: request.id,
        type: request.type,
        status: request.status,
        competentAuthority: request.competent_authority,
        accountId: request.account_id,
        creationDate: request.created_at,
        submissionDate: request.submitted_at,
        endDate: request.ended_at,
        requestMetadata: request.metadata,
      };
    },
  },
  {
    method: 'post',
    path: '/requests',
    access: AUTHENTICATED,
    body: createBody,
    // The account a process is started for; none for an account application.
    query: textQuery([], { optional: ['accountId'] }),
    // 422: an Idempotency-Key sent before with another application.
    answers: [403, 404, 422],
    ok: 201,
    response: requestStartedSchema,
    handler: async (ctx, deps) => {
      const user = currentUser(ctx);
      const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
      required(raw.requestCreateActionType, 'requestCreateActionType');
      const body = validate(createBody, raw);
      const restarted = registeredProcesses().find((d) => d.reinitiate?.actionType === body.requestCreateActionType);
      const def = restarted ?? processFor(body.requestCreateActionType);
      if (!def?.create)
        throw badRequest(`${body.requestCreateActionType} cannot be started`, 'requestCreateActionType');
      if (def.create.withoutAccount) return applyForAccount(ctx, deps, def, body.requestCreateActionPayload);
      const accountId = validate(
        idParam,
        required(Array.isArray(ctx.query.accountId) ? ctx.query.accountId[0] : ctx.query.accountId, 'accountId'),
      );
      if (!restarted && def.create.roleType !== user.roleType) {
        // Not this role's process: 403 for whoever sees the account (a verifier sees those its body is
        // appointed to), 404 for anyone else, as for every id.
        await assertAccountAccess(deps.db, user, accountId);
        throw forbidden();
      }
      const account = await accountFor(ctx, deps.db, accountId);
      if (restarted) return reinitiate(ctx, deps, def, account);
      if (!mayCreate(user, def, account)) throw forbidden();
      const available = availability(deps, def, account, await requestStatuses(deps.db, account.id));
      if (!available.valid) throw createNotAllowed(available);
      const payload = validate(def.create.input, body.requestCreateActionPayload ?? {}) as Record<string, unknown>;
      if (def.create.admits && !def.create.admits(payload, available)) throw createNotAllowed(available);
      const snapshot = await startRequestWorkflow(deps, def, {
        requestId: await newRequestId(deps.db, def, account.id),
        requestType: def.requestType,
        accountId: account.id,
        competentAuthority: account.competent_authority,
        startedBy: {
          userId: user.userId,
          fullName: fullName(user),
          audit: auditOrigin(),
          roleType: def.create.roleType,
        },
        payload,
        deadlines: deadlinesOf(deps, def, account.competent_authority),
      });
      ctx.status = 201;
      ctx.body = { requestId: snapshot.requestId, requestStatus: snapshot.status, tasks: snapshot.tasks };
    },
  },
];
