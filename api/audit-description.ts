// An audit entry in words (the 'description' of GET /accounts/{id}/audit-entries): what kind of
// record changed and how, or a timeline entry's label.
import type { AuditDetails } from '../domain/audit';
import { requestActionLabel } from '../processes';

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
