// Requests (spec §7 "Requests and request actions"): read one, search an account's, list what the
// caller may start, and start a process.
import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { required, validate } from '../validate';
import { badRequest, forbidden, notFound } from '../errors';
import { assertVisible, hasAuthorityOn, permissionsOn } from './task-access';
import { startRequestWorkflow } from './requests-engine';
import { APPLICATION_REVIEW, processFor, registeredProcesses, reviewDeadline, type ProcessDefinition } from '../../domain/processes';
import { fullName, MAX_PAGE_SIZE } from '../../domain/work-items';
import { REGISTRATION_NUMBER_NOT_FOUND, REGISTRATION_NUMBER_TAKEN, type OrganisationAccountApplication } from '../../domain/accounts';
import { ApiError } from '../errors';
import { companyRegister } from '../companies';
import type { AppDeps } from '../deps';
import type { Context } from 'koa';

const idParam = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'The account id must be a number'), v.transform(Number));

const searchBody = v.object({
  accountId: v.pipe(v.number('accountId must be a number'), v.integer(), v.minValue(1)),
  category: v.optional(v.picklist(['PERMIT', 'REPORTING'])),
  paging: v.object({
    pageNumber: v.pipe(v.number(), v.integer(), v.minValue(0)),
    pageSize: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)),
  }),
});

const createBody = v.object({
  requestCreateActionType: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  requestCreateActionPayload: v.optional(v.unknown()),
});

/** Request types by category (reference: workflows §1.1), for the account page's two tabs. */
const reportingTypes = ['NOTIFICATION_OF_COMPLIANCE_P3', 'ACTION_PLAN_P3', 'PROGRESS_UPDATE_1_P3', 'PROGRESS_UPDATE_2_P3'];

interface AccountRow {
  id: number;
  competent_authority: string;
  status: string;
}

async function accountFor(ctx: { state: { user?: CurrentUser } }, db: import('knex').Knex, accountId: number): Promise<AccountRow> {
  const account = await db('accounts').where({ id: accountId }).first('id', 'competent_authority', 'status');
  if (!account) throw notFound('Account not found');
  assertVisible(currentUser(ctx), { accountId: account.id, competentAuthority: account.competent_authority }, 'Account');
  return account;
}

function mayCreate(user: CurrentUser, def: ProcessDefinition, account: AccountRow): boolean {
  if (!def.create || def.create.withoutAccount || def.create.roleType !== user.roleType) return false;
  const held = permissionsOn(user, { accountId: account.id, competentAuthority: account.competent_authority });
  return def.create.permission ? held.includes(def.create.permission) : hasAuthorityOn(user, { accountId: account.id, competentAuthority: account.competent_authority });
}

interface Availability {
  valid: boolean;
  accountStatus?: string;
  applicableAccountStatuses?: string[];
  requests?: string[];
}

/** Reference §5: every process needs a LIVE account, and runs once unless it was cancelled. */
async function availability(db: import('knex').Knex, def: ProcessDefinition, account: AccountRow): Promise<Availability> {
  if (account.status !== 'LIVE') return { valid: false, accountStatus: account.status, applicableAccountStatuses: ['LIVE'] };
  const existing = await db('requests').where({ id: def.requestId(account.id) }).whereNot({ status: 'CANCELLED' }).first('id');
  return existing ? { valid: false, requests: [def.requestType] } : { valid: true };
}

const createNotAllowed = (details?: Availability) => new ApiError(400, 'REQUEST_CREATE_ACTION1000', 'Request create action not allowed', undefined, undefined, details ? { ...details } : undefined);

/** ORGANISATION_ACCOUNT_OPENING: the API reserves the account id; the workflow creates the account. */
async function applyForAccount(ctx: Context, deps: AppDeps, def: ProcessDefinition, rawPayload: unknown) {
  const user = currentUser(ctx);
  if (ctx.query.accountId !== undefined) throw createNotAllowed();
  // Regulators and verifiers review and verify accounts; they do not apply for them.
  if (user.roleType !== 'OPERATOR') throw forbidden();
  const application = validate(def.create!.payload, rawPayload ?? {}) as OrganisationAccountApplication;
  if (application.registrationNumber) {
    const live = await deps.db('accounts').where({ registration_number: application.registrationNumber, status: 'LIVE' }).first('id');
    if (live) throw new ApiError(400, 'ACCOUNT1001', REGISTRATION_NUMBER_TAKEN, 'registrationNumber');
    if (!(await companyRegister(deps.db).lookup(application.registrationNumber))) throw new ApiError(400, 'NOTFOUND1001', REGISTRATION_NUMBER_NOT_FOUND, 'registrationNumber');
  }
  const applicant = await deps.db('users').where({ id: user.userId }).first('first_name', 'last_name', 'email', 'job_title', 'phone_number');
  const { rows } = await deps.db.raw(`select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id`);
  const accountId = rows[0].id as number;
  const { registeredAtCompaniesHouse: _registered, ...account } = application;
  const snapshot = await startRequestWorkflow(deps, def, {
    requestId: def.requestId(accountId),
    requestType: def.requestType,
    accountId,
    competentAuthority: application.competentAuthority,
    startedBy: { userId: user.userId, fullName: fullName(user), roleType: 'OPERATOR' },
    payload: {
      account,
      participantDetails: { firstName: applicant.first_name, lastName: applicant.last_name, email: applicant.email, jobTitle: applicant.job_title, phoneNumber: applicant.phone_number },
    },
    deadlines: { [APPLICATION_REVIEW]: reviewDeadline(new Date(), deps.config.reviewDueWorkingDays) },
  });
  ctx.status = 201;
  ctx.body = { requestId: snapshot.requestId, requestStatus: snapshot.status, tasks: snapshot.tasks };
}

export const requestRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/requests/available-workflows/permit/:accountId',
    access: AUTHENTICATED,
    handler: async (ctx, { db }) => {
      const account = await accountFor(ctx, db, validate(idParam, ctx.params.accountId));
      const user = currentUser(ctx);
      const result: Record<string, Availability> = {};
      for (const def of registeredProcesses().filter((d) => mayCreate(user, d, account))) result[def.requestType] = await availability(db, def, account);
      ctx.body = result;
    },
  },
  {
    // No process defines a related action (re-initiate) yet: each will add its own here.
    method: 'get',
    path: '/requests/available-workflows/reporting/related-actions/:requestId',
    access: AUTHENTICATED,
    handler: async (ctx, { db }) => {
      const request = await db('requests').where({ id: ctx.params.requestId }).first('id', 'account_id', 'competent_authority');
      if (!request) throw notFound('Request not found');
      assertVisible(currentUser(ctx), { accountId: request.account_id, competentAuthority: request.competent_authority }, 'Request');
      ctx.body = {};
    },
  },
  {
    method: 'post',
    path: '/requests/workflows',
    access: AUTHENTICATED,
    handler: async (ctx, { db }) => {
      const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
      required(raw.accountId, 'accountId');
      required(raw.paging, 'paging');
      const body = validate(searchBody, raw);
      await accountFor(ctx, db, body.accountId);
      const q = db('requests').where({ account_id: body.accountId });
      if (body.category === 'REPORTING') q.whereIn('type', reportingTypes);
      if (body.category === 'PERMIT') q.whereNotIn('type', reportingTypes);
      const [rows, [{ n }]] = await Promise.all([
        q.clone().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(body.paging.pageSize).offset(body.paging.pageNumber * body.paging.pageSize),
        q.clone().count<{ n: string }[]>({ n: '*' }),
      ]);
      ctx.body = {
        requestDetails: rows.map((r) => ({ id: r.id, requestType: r.type, requestStatus: r.status, creationDate: r.created_at, endDate: r.ended_at, requestMetadata: r.metadata })),
        total: Number(n),
      };
    },
  },
  {
    method: 'get',
    path: '/requests/:id',
    access: AUTHENTICATED,
    handler: async (ctx, { db }) => {
      const request = await db('requests').where({ id: ctx.params.id }).first();
      if (!request) throw notFound('Request not found');
      assertVisible(currentUser(ctx), { accountId: request.account_id, competentAuthority: request.competent_authority }, 'Request');
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
    handler: async (ctx, deps) => {
      const user = currentUser(ctx);
      const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
      required(raw.requestCreateActionType, 'requestCreateActionType');
      const body = validate(createBody, raw);
      const def = processFor(body.requestCreateActionType);
      if (!def?.create) throw badRequest(`${body.requestCreateActionType} cannot be started`, 'requestCreateActionType');
      if (def.create.withoutAccount) return applyForAccount(ctx, deps, def, body.requestCreateActionPayload);
      const accountId = validate(idParam, required(Array.isArray(ctx.query.accountId) ? ctx.query.accountId[0] : ctx.query.accountId, 'accountId'));
      const account = await accountFor(ctx, deps.db, accountId);
      if (!mayCreate(user, def, account)) throw forbidden();
      const available = await availability(deps.db, def, account);
      if (!available.valid) throw createNotAllowed(available);
      const payload = validate(def.create.payload, body.requestCreateActionPayload ?? {}) as Record<string, unknown>;
      const snapshot = await startRequestWorkflow(deps, def, {
        requestId: def.requestId(account.id),
        requestType: def.requestType,
        accountId: account.id,
        competentAuthority: account.competent_authority,
        startedBy: { userId: user.userId, fullName: fullName(user), roleType: def.create.roleType },
        payload,
      });
      ctx.status = 201;
      ctx.body = { requestId: snapshot.requestId, requestStatus: snapshot.status, tasks: snapshot.tasks };
    },
  },
];
