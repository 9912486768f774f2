// The audit trail as the API answers it and the regulators' Audit tab shows it
// (GET /api/v1.0/accounts/{id}/audit-entries). Entries are written by the database
// (migrations/20261127200000_audit_log.ts); this names what each one records.
import * as v from 'valibot';

/** The details an entry records: the columns changed and their values, or a named operation's own. */
const auditDetailsSchema = v.objectWithRest(
  {
    changed: v.optional(v.array(v.string())),
    values: v.optional(v.record(v.string(), v.unknown())),
    type: v.optional(v.string()),
  },
  v.unknown(),
);
export type AuditDetails = v.InferOutput<typeof auditDetailsSchema>;

export const auditEntrySchema = v.object({
  id: v.number(),
  /** When (ISO). */
  at: v.string(),
  /** Who: null for the system (a schedule, a workflow acting on its own). */
  actor: v.nullable(
    v.object({
      userId: v.string(),
      name: v.nullable(v.string()),
      roleType: v.nullable(v.string()),
      /** The authority as recorded: 'operator_admin on account 12', 'regulator of ENGLAND'. */
      authority: v.nullable(v.string()),
      /** The same in words: 'Advanced user', 'Regulator, Environment Agency'. */
      actingAs: v.nullable(v.string()),
    }),
  ),
  /** The caller's network address, when the change came from a request. */
  address: v.nullable(v.string()),
  /** api, workflow or system. */
  source: v.string(),
  /** The route or the workflow and activity that made the change. */
  via: v.nullable(v.string()),
  /** What: the kind of record and INSERT, UPDATE, DELETE (or a named operation such as a retention DELETE). */
  entity: v.string(),
  operation: v.string(),
  entityKey: v.nullable(v.string()),
  requestId: v.nullable(v.string()),
  details: auditDetailsSchema,
  /**
   * The entry as a sentence, with names and labels rather than ids and codes, e.g. 'Olu Operator added
   * a note to the account', 'Account status changed from Awaiting approval to Live'.
   */
  description: v.string(),
});
export type AuditEntryDto = v.InferOutput<typeof auditEntrySchema>;

export const auditEntriesPageSchema = v.object({ auditEntries: v.array(auditEntrySchema), totalItems: v.number() });
export type AuditEntriesPage = v.InferOutput<typeof auditEntriesPageSchema>;

/**
 * A network address as people write it: an IPv4 address that reached a dual-stack socket arrives
 * IPv4-mapped (`::ffff:127.0.0.51`) and is shown, and recorded, as `127.0.0.51`.
 */
export function readableAddress(address: string): string;
export function readableAddress(address: string | null | undefined): string | null;
export function readableAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}
