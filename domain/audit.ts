// The audit trail as the API answers it and the regulators' Audit tab shows it
// (GET /api/v1.0/accounts/{id}/audit-entries). Entries are written by the database
// (migrations/20261127200000_audit_log.ts); this names what each one records.
export interface AuditEntryDto {
  id: number;
  /** When (ISO). */
  at: string;
  /** Who: null for the system (a schedule, a workflow acting on its own). */
  actor: {
    userId: string;
    name: string | null;
    roleType: string | null;
    /** The authority as recorded: 'operator_admin on account 12', 'regulator of ENGLAND'. */
    authority: string | null;
    /** The same in words: 'Advanced user', 'Regulator, Environment Agency'. */
    actingAs: string | null;
  } | null;
  /** The caller's network address, when the change came from a request. */
  address: string | null;
  /** api, workflow or system. */
  source: string;
  /** The route or the workflow and activity that made the change. */
  via: string | null;
  /** What: the kind of record and INSERT, UPDATE, DELETE (or a named operation such as a retention DELETE). */
  entity: string;
  operation: string;
  entityKey: string | null;
  requestId: string | null;
  details: AuditDetails;
  /**
   * The entry as a sentence, with names and labels rather than ids and codes, e.g. 'Olu Operator added
   * a note to the account', 'Account status changed from Awaiting approval to Live'.
   */
  description: string;
}

export interface AuditDetails {
  changed?: string[];
  values?: Record<string, unknown>;
  type?: string;
  [key: string]: unknown;
}

export interface AuditEntriesPage {
  auditEntries: AuditEntryDto[];
  totalItems: number;
}

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
