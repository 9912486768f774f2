// Side effects of the report workflows: what the account prefills in a new report (reference
// workflows §7.2 initialisers), and the submitted report kept for later processes and MI.
import type { Db } from '../infra/db';
import type { Values } from '../domain/reports/fields';

/** A profile's phone number ('+44 1632 960001', '01632 960001') as a report's {countryCode, number}. */
export function phoneOf(value: unknown): Values | undefined {
  const phone = typeof value === 'string' ? value.trim() : '';
  if (!phone) return undefined;
  // A UK number is written with its leading 0 once the +44 is taken off.
  const uk = /^\+44[\s-]*(?:\(0\)|0)?\s*(.*)$/.exec(phone);
  if (uk) return { countryCode: '44', number: `0${uk[1]}` };
  if (!phone.startsWith('+')) return { countryCode: '44', number: phone };
  // Another country's code, when a space or dash ends it; else the user gives it.
  const other = /^\+(\d{1,4})[\s-]+(.*)$/.exec(phone);
  return other ? { countryCode: other[1]!, number: other[2]! } : { number: phone.slice(1) };
}

/** A user's profile as a report's contact person. */
function contactOf(user: Record<string, any> | undefined): Values | undefined {
  if (!user) return undefined;
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    jobTitle: user.job_title ?? undefined,
    email: user.email,
    phoneNumber: phoneOf(user.phone_number),
    mobileNumber: phoneOf(user.mobile_number),
    address: user.address ?? undefined,
  };
}

export function createReportActivities(options: { db: Db }) {
  const { db } = options;
  return {
    /** The organisation's details and its primary and secondary contacts, to start a report from. */
    async reportPrefill(args: { accountId: number }): Promise<Values> {
      const account = await db('accounts').where({ id: args.accountId }).first();
      if (!account) return {};
      const contacts = await db('account_contacts as c')
        .join('users as u', 'u.id', 'c.user_id')
        .where('c.account_id', args.accountId)
        .whereIn('c.contact_type', ['PRIMARY', 'SECONDARY'])
        .select('c.contact_type', 'u.*');
      const of = (type: string) => contactOf(contacts.find((c) => c.contact_type === type));
      return {
        organisationDetails: {
          name: account.name,
          registrationNumber: account.registration_number,
          address: { line1: account.address_line1, line2: account.address_line2, city: account.city, county: account.county, postcode: account.postcode },
          codes: Array.isArray(account.classification_codes) ? undefined : account.classification_codes,
        },
        primaryContact: of('PRIMARY'),
        secondaryContact: of('SECONDARY'),
      };
    },

    /**
     * Keeps what was submitted: the report row (replaced on a resubmission) and the request's
     * payload and submission date, which a re-initiate starts from.
     */
    async storeSubmittedReport(args: { requestId: string; accountId: number; requestType: string; payload: Values; submittedBy: string }): Promise<void> {
      await db.transaction(async (trx) => {
        const data = JSON.stringify(args.payload.report ?? {});
        await trx('reports')
          .insert({ request_id: args.requestId, account_id: args.accountId, type: args.requestType, data, submitted_by: args.submittedBy })
          .onConflict('request_id')
          .merge({ data, submitted_by: args.submittedBy, submitted_at: trx.fn.now() });
        await trx('requests')
          .where({ id: args.requestId })
          .update({ payload: JSON.stringify({ ...args.payload, submittedBy: args.submittedBy }), submitted_at: trx.fn.now() });
      });
    },
  };
}

export type ReportActivities = ReturnType<typeof createReportActivities>;
