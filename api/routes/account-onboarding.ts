// Verified organisation accounts (the onboarding registry, reference platform §3.3 and workflows
// §6.4): regulators upload (registration number, e-mail) pairs; an applicant who matches one gets
// their account at once. The whole upload is stored or nothing is.
import * as v from 'valibot';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { RouteDef } from '../routing';
import { AUTHENTICATED, role } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser } from '../auth/current-user';
import { assertCaAccess } from '../auth/scope';
import { ApiError } from '../errors';
import { validate } from '../validate';
import { compose, SERVICE_NAME } from '../../infra/email-layout';
import { queueEmails, type EmailToQueue } from '../../infra/outbox';
import { competentAuthorityLabels, type CompetentAuthority } from '../../domain/authorities';
import {
  CSV_DUPLICATE_CRN_IN_SYSTEM,
  CSV_DUPLICATE_EMAIL_IN_SYSTEM,
  duplicateErrors,
  formatCsvError,
  normaliseRegistrationNumber,
  onboardingEmailsSchema,
  onboardingRegistrationNumbersSchema,
  onboardingRegistrySchema,
  verifiedAccountRowErrors,
  type CsvRowError,
} from '../../domain/accounts';

const UPLOAD = 'PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS' as const;
/** Rows per insert (and e-mails per outbox insert): well under PostgreSQL's parameter limit. */
export const ONBOARDING_BATCH_SIZE = 500;

interface Entry {
  index: number;
  row: number;
  registrationNumber: string;
  email: string;
}

/** One 400 listing every row's problem; `fields` name the entry (verifiedAccounts.{index}.{field}). */
function rowErrors(code: string, entries: Entry[], errors: CsvRowError[]): ApiError {
  const byRow = new Map(entries.map((e) => [e.row, e]));
  const fields = errors.map((e) => ({
    field: `verifiedAccounts.${byRow.get(e.row)?.index ?? 0}.${e.column === 'Email' ? 'email' : 'registrationNumber'}`,
    message: e.message,
    row: e.row,
  }));
  return new ApiError(400, code, errors.map(formatCsvError).join('; '), fields[0]?.field, fields);
}

async function alreadyRegistered(db: Knex | Knex.Transaction, registrationNumbers: string[], emails: string[]) {
  const [registry, live] = await Promise.all([
    db('account_onboarding_registry')
      .whereIn('registration_number', registrationNumbers)
      .orWhereIn('email', emails)
      .select('registration_number', 'email'),
    db('accounts')
      .whereIn('registration_number', registrationNumbers)
      .where({ status: 'LIVE' })
      .select('registration_number'),
  ]);
  return {
    registrationNumbers: new Set<string>([
      ...registry.map((r) => r.registration_number as string),
      ...live.map((r) => r.registration_number as string),
    ]),
    emails: new Set<string>(registry.map((r) => r.email as string)),
  };
}

function verifiedAccountInvitation(
  to: string,
  registrationNumber: string,
  competentAuthority: CompetentAuthority,
  publicUrl: string,
): EmailToQueue {
  return compose('VerifiedAccountInvitation', to, `Sign up invitation - ${SERVICE_NAME}`, [
    `${competentAuthorityLabels[competentAuthority]} has verified your organisation (registration number ${registrationNumber}) for the ${SERVICE_NAME} service.`,
    'Sign in with this email address and apply for an organisation account with that registration number. Your account will be set up straight away and you will be its administrator.',
    { text: 'Apply for an organisation account', link: `${publicUrl}/accounts/new` },
  ]);
}

async function upload(ctx: Context, { db, config }: AppDeps) {
  const user = currentUser(ctx);
  const competentAuthority = assertCaAccess(user, UPLOAD);
  const body = validate(onboardingRegistrySchema, ctx.request.body);
  const entries: Entry[] = body.verifiedAccounts.map((e, index) => ({
    index,
    // The SPA sends the file's row numbers; other callers get the row a CSV with a heading would have.
    row: e.row ?? index + 2,
    registrationNumber: normaliseRegistrationNumber(e.registrationNumber),
    email: e.email.trim().toLowerCase(),
  }));

  const formatErrors = body.verifiedAccounts.flatMap((e, i) => verifiedAccountRowErrors(e, entries[i]!.row));
  if (formatErrors.length > 0) throw rowErrors('ONBOARDING1000', entries, formatErrors);
  const inFile = duplicateErrors(entries);
  if (inFile.length > 0)
    throw rowErrors(
      'ONBOARDING1001',
      entries,
      inFile.sort((a, b) => a.row - b.row),
    );

  await db.transaction(async (trx) => {
    const existing = await alreadyRegistered(
      trx,
      entries.map((e) => e.registrationNumber),
      entries.map((e) => e.email),
    );
    const inSystem: CsvRowError[] = entries.flatMap((e) => [
      ...(existing.registrationNumbers.has(e.registrationNumber)
        ? [{ row: e.row, column: 'CRN' as const, message: CSV_DUPLICATE_CRN_IN_SYSTEM }]
        : []),
      ...(existing.emails.has(e.email)
        ? [{ row: e.row, column: 'Email' as const, message: CSV_DUPLICATE_EMAIL_IN_SYSTEM }]
        : []),
    ]);
    if (inSystem.length > 0) throw rowErrors('ONBOARDING1002', entries, inSystem);
    for (let i = 0; i < entries.length; i += ONBOARDING_BATCH_SIZE) {
      const batch = entries.slice(i, i + ONBOARDING_BATCH_SIZE);
      try {
        await trx('account_onboarding_registry').insert(
          batch.map((e) => ({
            email: e.email,
            registration_number: e.registrationNumber,
            status: 'PENDING',
            submitter_id: user.userId,
            competent_authority: competentAuthority,
          })),
        );
      } catch (err) {
        // Another upload committed the same value after our check: the unique constraints decide.
        if ((err as { code?: string }).code === '23505')
          throw new ApiError(
            409,
            'ONBOARDING1002',
            'Some of these values were registered by another upload just now. Upload the file again to see which.',
          );
        throw err;
      }
      await queueEmails(
        trx,
        batch.map((e) =>
          verifiedAccountInvitation(e.email, e.registrationNumber, competentAuthority, config.publicUrl),
        ),
      );
    }
  });
  ctx.status = 201;
  ctx.body = { uploaded: entries.length };
}

export const accountOnboardingRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/organisation/account-onboarding',
    access: role(['REGULATOR'], { permission: UPLOAD }),
    body: onboardingRegistrySchema,
    ok: 201,
    response: v.object({ uploaded: v.number() }),
    handler: upload,
  },
  {
    // The applicant's verified registration number, to prefill the wizard.
    method: 'get',
    path: '/organisation/account-onboarding/registration-number',
    access: AUTHENTICATED,
    response: v.object({ registrationNumber: v.nullable(v.string()) }),
    handler: async (ctx, { db }) => {
      const row = await db('account_onboarding_registry')
        .where({ email: currentUser(ctx).email.toLowerCase(), status: 'PENDING' })
        .first('registration_number');
      ctx.body = { registrationNumber: (row?.registration_number as string | undefined) ?? null };
    },
  },
  {
    method: 'post',
    path: '/organisation/account-onboarding/emails',
    access: role(['REGULATOR'], { permission: UPLOAD }),
    body: onboardingEmailsSchema,
    response: v.object({ emails: v.array(v.string()) }),
    handler: async (ctx, { db }) => {
      const { emails } = validate(onboardingEmailsSchema, ctx.request.body);
      const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
      const rows = wanted.length
        ? await db('account_onboarding_registry').whereIn('email', wanted).select('email')
        : [];
      ctx.body = { emails: rows.map((r) => r.email as string) };
    },
  },
  {
    method: 'post',
    path: '/organisation/account-onboarding/registration-numbers',
    access: role(['REGULATOR'], { permission: UPLOAD }),
    body: onboardingRegistrationNumbersSchema,
    response: v.object({ registrationNumbers: v.array(v.string()) }),
    handler: async (ctx, { db }) => {
      const { registrationNumbers } = validate(onboardingRegistrationNumbersSchema, ctx.request.body);
      const wanted = [...new Set(registrationNumbers.map(normaliseRegistrationNumber))];
      const existing = wanted.length
        ? await alreadyRegistered(db, wanted, [])
        : { registrationNumbers: new Set<string>() };
      ctx.body = { registrationNumbers: wanted.filter((n) => existing.registrationNumbers.has(n)) };
    },
  },
];
