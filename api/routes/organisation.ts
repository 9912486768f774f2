// Organisation accounts: search, one account, editing its details, and the registration-number
// check (reference platform §3.1, §3.4, §3.6). The verified-accounts upload routes live in
// account-onboarding.ts and are served with these.
import type { Context } from 'koa';
import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { AUTHENTICATED, role } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { assertAccountAccess, canOnAccount, type AccountRef } from '../auth/scope';
import { ApiError, badRequest } from '../errors';
import { required, validate } from '../validate';
import { pageParams, textQuery } from '../params';
import type { Db } from '../../infra/db';
import { accountOnboardingRoutes } from './account-onboarding';
import { accessFor, APPLICATION_REVIEW } from '../../processes';
import {
  accountSearchResultSchema,
  normaliseRegistrationNumber,
  organisationAccountDtoSchema,
  organisationDetailsSchema,
  registrationNumberError,
  type AccountSearchResult,
  type ClassificationCodes,
  type OrganisationAccountDto,
} from '../../domain/accounts';

const invalidStatus = () => new ApiError(400, 'ACCOUNT1009', 'Account status is not valid');

/** Codes as stored: our { type, otherTypeName, codes }, or the reference's row list. */
function readCodes(stored: unknown): OrganisationAccountDto['codes'] {
  if (stored && !Array.isArray(stored) && typeof stored === 'object') {
    const codes = stored as ClassificationCodes;
    return { ...codes, otherTypeName: codes.otherTypeName ?? null };
  }
  const rows = Array.isArray(stored) ? (stored as { type?: string; name?: string; code?: string }[]) : [];
  const type = rows[0]?.type === 'OTHER' ? 'OTHER' : 'SIC';
  return {
    type,
    otherTypeName: type === 'OTHER' ? (rows[0]?.name ?? null) : null,
    codes: rows.map((r) => r.code ?? '').filter(Boolean),
  };
}

/** Regulators change an account's details with the permission that lets them review its application. */
const reviewerPermission = () => accessFor(APPLICATION_REVIEW)!.execute;

/** May the caller change name, address and codes of this account? */
export function canEditDetails(user: CurrentUser, account: AccountRef): boolean {
  if (account.status !== 'LIVE') return false;
  if (user.roleType === 'OPERATOR') return canOnAccount(user, account, 'PERM_ACCOUNT_DETAILS_EDIT');
  if (user.roleType === 'REGULATOR') return canOnAccount(user, account, reviewerPermission());
  return false;
}

export async function accountDto(db: Db, user: CurrentUser, account: AccountRef): Promise<OrganisationAccountDto> {
  const row = await db('accounts').where({ id: account.id }).first();
  return {
    id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    registrationNumber: row.registration_number,
    status: row.status,
    competentAuthority: row.competent_authority,
    address: {
      line1: row.address_line1,
      line2: row.address_line2,
      city: row.city,
      county: row.county,
      postcode: row.postcode,
    },
    codes: readCodes(row.classification_codes),
    acceptedAt: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
    editable: canEditDetails(user, account),
  };
}

/** `term` trimmed; absent or blank means no filter; else 3 to 256 characters. */
function searchTerm(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw badRequest('term must be given once', 'term');
  const term = raw.trim();
  if (term === '') return null;
  if (term.length < 3 || term.length > 256) throw badRequest('Enter between 3 and 256 characters to search', 'term');
  return term;
}

async function searchAccounts(ctx: Context, { db }: AppDeps) {
  const user = currentUser(ctx);
  const { page, size } = pageParams(ctx.query);
  const term = searchTerm(ctx.query.term);
  const query = db('accounts');
  if (user.roleType === 'REGULATOR') {
    const cas = user.active.map((a) => a.competentAuthority).filter((ca) => ca !== null);
    query.whereIn('competent_authority', cas);
  } else if (user.roleType === 'VERIFIER') {
    query.whereIn(
      'verification_body_id',
      user.active.map((a) => a.verificationBodyId).filter((vb) => vb !== null),
    );
  } else {
    query.whereIn(
      'id',
      user.active.map((a) => a.accountId).filter((id) => id !== null),
    );
  }
  if (term) {
    // ILIKE '%term%' uses the trigram indexes on the three columns; wildcards typed by the user are literal.
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.where((q) =>
      q
        .whereILike('name', pattern)
        .orWhereILike('registration_number', pattern)
        .orWhereILike('organisation_id', pattern),
    );
  }
  const [{ total }] = await query.clone().count({ total: '*' });
  const rows = await query
    .orderBy('organisation_id', 'asc')
    .limit(size)
    .offset(page * size)
    .select('id', 'name', 'organisation_id', 'registration_number', 'status');
  const result: AccountSearchResult = {
    accounts: rows.map((r) => ({
      id: r.id,
      name: r.name,
      organisationId: r.organisation_id,
      registrationNumber: r.registration_number,
      status: r.status,
    })),
    total: Number(total),
  };
  ctx.body = result;
}

async function updateAccount(ctx: Context, { db }: AppDeps) {
  const user = currentUser(ctx);
  const account = await assertAccountAccess(db, user, required(ctx.params.id, 'id'));
  if (user.roleType === 'OPERATOR' && !canOnAccount(user, account, 'PERM_ACCOUNT_DETAILS_EDIT'))
    throw new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this');
  if (user.roleType === 'REGULATOR' && !canOnAccount(user, account, reviewerPermission())) {
    throw new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this');
  }
  const details = validate(organisationDetailsSchema, ctx.request.body);
  await db.transaction(async (trx) => {
    // Locked, so a closure committing meanwhile cannot be overwritten by an edit of a LIVE account.
    const current = await trx('accounts').where({ id: account.id }).forUpdate().first('status');
    if (current.status !== 'LIVE') throw invalidStatus();
    await trx('accounts')
      .where({ id: account.id })
      .update({
        name: details.name,
        address_line1: details.address.line1,
        address_line2: details.address.line2,
        city: details.address.city,
        county: details.address.county,
        postcode: details.address.postcode,
        classification_codes: JSON.stringify(details.codes),
      });
  });
  ctx.body = await accountDto(db, user, { ...account, name: details.name });
}

export const organisationRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/organisation/accounts',
    access: role(['OPERATOR', 'REGULATOR', 'VERIFIER']),
    query: textQuery([], { optional: ['term'], paged: true }),
    response: accountSearchResultSchema,
    handler: searchAccounts,
  },
  {
    method: 'get',
    path: '/organisation/accounts/registration-number',
    access: AUTHENTICATED,
    query: textQuery(['reg_nbr']),
    response: v.object({ exists: v.boolean() }),
    handler: async (ctx, { db }) => {
      const raw = required(ctx.query.reg_nbr as string | undefined, 'reg_nbr');
      const problem = registrationNumberError(String(raw));
      if (problem) throw new ApiError(400, 'INVALID_REGISTRATION_NUMBER', problem, 'reg_nbr');
      const live = await db('accounts')
        .where({ registration_number: normaliseRegistrationNumber(String(raw)), status: 'LIVE' })
        .first('id');
      ctx.body = { exists: !!live };
    },
  },
  {
    method: 'get',
    path: '/organisation/account/:id',
    access: role(['OPERATOR', 'REGULATOR', 'VERIFIER']),
    response: organisationAccountDtoSchema,
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const account = await assertAccountAccess(db, user, required(ctx.params.id, 'id'));
      ctx.body = await accountDto(db, user, account);
    },
  },
  {
    method: 'post',
    path: '/organisation/accounts/:id',
    access: role(['OPERATOR', 'REGULATOR']),
    answers: [400],
    response: organisationAccountDtoSchema,
    handler: updateAccount,
  },
  ...accountOnboardingRoutes,
];
