// The audit trail as the API answers it and the regulators' Audit tab shows it
// (GET /api/v1.0/accounts/{id}/audit-entries). Entries are written by the database
// (migrations/20261127200000_audit_log.ts); this names what each one records.
import { requestActionLabel } from './request-action-labels';

export interface AuditEntryDto {
  id: number;
  /** When (ISO). */
  at: string;
  /** Who: null for the system (a schedule, a workflow acting on its own). */
  actor: { userId: string; name: string | null; roleType: string | null; authority: string | null } | null;
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
  /** The entry in words, e.g. 'Account note added', 'Account changed: status AWAITING_APPROVAL → LIVE'. */
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

const entityNames: Record<string, string> = {
  accounts: 'Account',
  account_contacts: 'Account contact',
  account_notes: 'Account note',
  account_onboarding_registry: 'Verified account record',
  authorities: 'User authority',
  files: 'File',
  identity_credentials: 'Sign-in details',
  reports: 'Submitted report',
  request_actions: 'Timeline entry',
  request_action_file_documents: 'Submission document',
  request_notes: 'Task note',
  request_tasks: 'Task',
  requests: 'Request',
  users: 'User',
  verification_bodies: 'Verification body',
  retention: 'Compliance period data',
};

const verbs: Record<string, string> = { INSERT: 'added', UPDATE: 'changed', DELETE: 'deleted' };

const show = (value: unknown): string => (value === null || value === undefined ? 'none' : Array.isArray(value) ? value.join(', ') : String(value));

export function describeAuditEntry(entry: { entity: string; operation: string; details: AuditDetails }): string {
  if (entry.entity === 'retention') return 'Compliance period data deleted at the end of its retention period';
  if (entry.entity === 'request_actions' && entry.operation === 'INSERT' && entry.details.type) return requestActionLabel(entry.details.type);
  const name = entityNames[entry.entity] ?? entry.entity;
  const verb = verbs[entry.operation] ?? entry.operation.toLowerCase();
  const values = entry.details.values ?? {};
  if (entry.operation === 'UPDATE') {
    const shown = Object.entries(values).map(([col, v]) => {
      const change = v as { from?: unknown; to?: unknown };
      return `${col.replace(/_/g, ' ')} ${show(change.from)} → ${show(change.to)}`;
    });
    const others = (entry.details.changed ?? []).filter((c) => !(c in values)).map((c) => c.replace(/_/g, ' '));
    const parts = [...shown, ...(others.length ? [others.join(', ')] : [])];
    return parts.length ? `${name} ${verb}: ${parts.join('; ')}` : `${name} ${verb}`;
  }
  const keyFacts = ['status', 'type', 'code', 'kind', 'contact_type'].filter((k) => values[k] !== undefined).map((k) => show(values[k]));
  return keyFacts.length ? `${name} ${verb} (${keyFacts.join(', ')})` : `${name} ${verb}`;
}
