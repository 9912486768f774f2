// Side effects of the account processes (reference: workflows §6, §11): the account row through its
// lifecycle AWAITING_APPROVAL → LIVE | DENIED, LIVE → CLOSED, the applicant's administrator
// authority, and the e-mails, each queued in the same transaction as the change it reports.
// Activities run at least once: every write checks the state it moves from.
import type { Knex } from 'knex';
import type { Db } from '../infra/db';
import { compose, SERVICE_NAME } from '../infra/email-layout';
import { queueEmails } from '../infra/outbox';
import { loadConfig } from '../infra/config';
import { competentAuthorityLabels, operatorRoles, type CompetentAuthority } from '../domain/authorities';
import { organisationId } from '../domain/requests';
import type { OrganisationDetails } from '../domain/accounts';
import { moveToHistory } from './requests';
import type { Actor } from '../domain/request-messages';

/** The account part of an application, as the request payload holds it. */
export interface ApplicationAccount extends OrganisationDetails {
  registrationNumber: string | null;
  competentAuthority: CompetentAuthority;
}

export type Activation =
  { activated: true } | { activated: false; reason: 'REGISTRATION_NUMBER_TAKEN' | 'NOT_AWAITING_APPROVAL' };

function detailsColumns(d: OrganisationDetails) {
  return {
    name: d.name,
    address_line1: d.address.line1,
    address_line2: d.address.line2 ?? null,
    city: d.address.city,
    county: d.address.county ?? null,
    postcode: d.address.postcode,
    classification_codes: JSON.stringify(d.codes),
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export function createAccountActivities(options: { db: Db; homeUrl?: string }) {
  const { db } = options;
  const homeUrl = options.homeUrl ?? loadConfig().publicUrl;

  const emailOf = async (trx: Knex.Transaction, userId: string) =>
    ((await trx('users').where({ id: userId }).first('email')) as { email: string } | undefined)?.email;

  return {
    /** The applicant's account, AWAITING_APPROVAL, under the id the API reserved for it. */
    async createApplicationAccount(args: { accountId: number; account: ApplicationAccount }): Promise<void> {
      await db('accounts')
        .insert({
          id: args.accountId,
          organisation_id: organisationId(args.accountId),
          status: 'AWAITING_APPROVAL',
          registration_number: args.account.registrationNumber,
          competent_authority: args.account.competentAuthority,
          ...detailsColumns(args.account),
        })
        .onConflict('id')
        .ignore();
    },

    /** Is (applicant's e-mail, registration number) on the verified-accounts list and not yet used? */
    async isVerifiedApplicant(args: { applicantId: string; registrationNumber: string | null }): Promise<boolean> {
      if (!args.registrationNumber) return false;
      const user = await db('users').where({ id: args.applicantId }).first('email');
      if (!user) return false;
      const row = await db('account_onboarding_registry')
        .where({
          email: String(user.email).toLowerCase(),
          registration_number: args.registrationNumber,
          status: 'PENDING',
        })
        .first('id');
      return !!row;
    },

    /**
     * AWAITING_APPROVAL → LIVE with any amendments, the applicant as ACTIVE Advanced user and
     * primary contact. The database refuses a second LIVE account with the same registration number.
     * `by` (the reviewer who approved), here and in denyAccount and closeAccount, is read only by the
     * audit context (activities/audit-context.ts).
     */
    async activateAccount(args: {
      accountId: number;
      applicantId: string;
      amended: OrganisationDetails | null;
      verified: boolean;
      by?: Actor;
    }): Promise<Activation> {
      return db.transaction(async (trx) => {
        const account = await trx('accounts').where({ id: args.accountId }).forUpdate().first();
        if (account.status === 'LIVE') return { activated: true };
        if (account.status !== 'AWAITING_APPROVAL') return { activated: false, reason: 'NOT_AWAITING_APPROVAL' };
        try {
          await trx.transaction(async (sp) => {
            await sp('accounts')
              .where({ id: args.accountId })
              .update({
                ...(args.amended ? detailsColumns(args.amended) : {}),
                status: 'LIVE',
                accepted_at: sp.fn.now(),
              });
          });
        } catch (err) {
          if (isUniqueViolation(err)) return { activated: false, reason: 'REGISTRATION_NUMBER_TAKEN' };
          throw err;
        }
        await trx('authorities').insert({
          user_id: args.applicantId,
          account_id: args.accountId,
          code: 'operator_admin',
          status: 'ACTIVE',
          permissions: [...operatorRoles.operator_admin.permissions],
          created_by: args.applicantId,
        });
        await trx('account_contacts')
          .insert({ account_id: args.accountId, contact_type: 'PRIMARY', user_id: args.applicantId })
          .onConflict(['account_id', 'contact_type'])
          .ignore();
        const to = await emailOf(trx, args.applicantId);
        if (args.verified) {
          await trx('account_onboarding_registry')
            .where({ registration_number: account.registration_number, email: to?.toLowerCase() ?? '' })
            .update({ status: 'ONBOARDED' });
        }
        const name = args.amended?.name ?? account.name;
        const org = account.organisation_id;
        const admin =
          'You are its Administrator user: you can report for the organisation and invite other people to the account.';
        if (to) {
          await queueEmails(trx, [
            args.verified
              ? compose('OrganisationAccountCreated', to, `Organisation account created - ${SERVICE_NAME}`, [
                  `The organisation account for ${name} (ID: ${org}) has been created.`,
                  admin,
                  { text: 'Sign in to your account', link: homeUrl },
                ])
              : compose(
                  'AccountApplicationApproved',
                  to,
                  `Organisation account application approved - ${SERVICE_NAME}`,
                  [
                    `${competentAuthorityLabels[account.competent_authority as CompetentAuthority]} has approved your application for an organisation account for ${name}. The organisation ID is ${org}.`,
                    admin,
                    { text: 'Sign in to your account', link: homeUrl },
                  ],
                ),
          ]);
        }
        return { activated: true };
      });
    },

    /** AWAITING_APPROVAL → DENIED, telling the applicant why. */
    async denyAccount(args: {
      accountId: number;
      applicantId: string;
      reason: string;
      amended: OrganisationDetails | null;
      by?: Actor;
    }): Promise<void> {
      await db.transaction(async (trx) => {
        const account = await trx('accounts').where({ id: args.accountId }).forUpdate().first();
        if (account.status !== 'AWAITING_APPROVAL') return;
        await trx('accounts')
          .where({ id: args.accountId })
          .update({ ...(args.amended ? detailsColumns(args.amended) : {}), status: 'DENIED' });
        const to = await emailOf(trx, args.applicantId);
        if (!to) return;
        await queueEmails(trx, [
          compose('AccountApplicationRejected', to, `Organisation account application rejected - ${SERVICE_NAME}`, [
            `Your application for an organisation account for ${args.amended?.name ?? account.name} has been rejected.`,
            `The reason given: ${args.reason}`,
            'You can apply again once you have dealt with the reason, or contact your regulator if you have questions.',
          ]),
        ]);
      });
    },

    /**
     * LIVE → CLOSED, e-mailing every operator user of the account. Returns the account's other
     * requests still IN_PROGRESS, for the closure workflow to end.
     */
    async closeAccount(args: { accountId: number; requestId: string; reason: string; by?: Actor }): Promise<string[]> {
      return db.transaction(async (trx) => {
        const account = await trx('accounts').where({ id: args.accountId }).forUpdate().first();
        if (account.status === 'LIVE') {
          await trx('accounts').where({ id: args.accountId }).update({ status: 'CLOSED', closed_at: trx.fn.now() });
          await trx('requests').where({ id: args.requestId }).update({ submitted_at: trx.fn.now() });
          const users = await trx('authorities as a')
            .join('users as u', 'u.id', 'a.user_id')
            .where({ 'a.account_id': args.accountId })
            .distinct('u.email');
          await queueEmails(
            trx,
            users.map((u) =>
              compose('AccountClosed', u.email, `Organisation account closed - ${SERVICE_NAME}`, [
                `The organisation account for ${account.name} (ID: ${account.organisation_id}) has been closed. The reason given: ${args.reason}`,
                'Every task still open on the account has ended and shows as terminated. You can still sign in to view what the account holds, but nothing can be changed.',
                'If you have questions, contact the ESOS helpdesk.',
              ]),
            ),
          );
        }
        const open = await trx('requests')
          .where({ account_id: args.accountId, status: 'IN_PROGRESS' })
          .whereNot({ id: args.requestId })
          .select('id');
        return open.map((r) => r.id as string);
      });
    },

    /** Ends a request whose workflow is gone but whose row still says IN_PROGRESS. */
    async terminateStaleRequest(args: { requestId: string; reason: string }): Promise<void> {
      await db.transaction(async (trx) => {
        const request = await trx('requests').where({ id: args.requestId }).forUpdate().first('status');
        if (request?.status !== 'IN_PROGRESS') return;
        await moveToHistory(trx, await trx('request_tasks').where({ request_id: args.requestId }));
        await trx('request_actions').insert({
          request_id: args.requestId,
          type: 'REQUEST_TERMINATED',
          payload: JSON.stringify({ reason: args.reason }),
        });
        await trx('requests').where({ id: args.requestId }).update({ status: 'TERMINATED', ended_at: trx.fn.now() });
      });
    },
  };
}

export type AccountActivities = ReturnType<typeof createAccountActivities>;
