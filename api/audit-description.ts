// An audit entry in words (the 'description' of GET /accounts/{id}/audit-entries): a sentence a
// regulator would write — who did what, to whom, from which value to which — with the names and
// labels the rest of the service shows (users' names, task and request names, status labels), never
// an id or a code. The names an entry refers to by id (users, authorities, tasks, requests) are looked
// up for a whole page in one query (auditNames).
import type { Knex } from 'knex';
import type { AuditDetails } from '../domain/audit';
import { accountStatusLabels } from '../domain/accounts';
import { authorityStatusLabels, competentAuthorityLabels, operatorRoles } from '../domain/authorities';
import { requestStatusLabels } from '../domain/requests';
import { contactLabels } from '../domain/users';
import { processFor, requestActionHeading, requestTypeName, taskTypeLabel } from '../processes';

/** An audit_log row, as far as its description needs it. */
export interface AuditRow {
  entity: string;
  operation: string;
  entity_key: string | null;
  request_id: string | null;
  actor_user_id: string | null;
  actor_name: string | null;
  details: AuditDetails;
}

/** The names a page of entries refers to by id: users', authorities' holders', task and request types. */
export interface AuditNames {
  users: Map<string, string>;
  authorities: Map<string, string>;
  tasks: Map<string, string>;
  requests: Map<string, string>;
}

const USER_COLUMNS = ['assignee', 'user_id', 'submitter_id', 'submitted_by'];

function userIdsIn(row: AuditRow): string[] {
  const ids: string[] = [];
  if (row.entity === 'users' && row.entity_key) ids.push(row.entity_key);
  for (const col of USER_COLUMNS) {
    const v = row.details.values?.[col] as unknown;
    if (typeof v === 'string') ids.push(v);
    else if (v && typeof v === 'object')
      for (const side of [(v as Change).from, (v as Change).to]) if (typeof side === 'string') ids.push(side);
  }
  return ids;
}

const keysOf = (rows: AuditRow[], entity: string): string[] =>
  rows.filter((r) => r.entity === entity && r.entity_key).map((r) => r.entity_key!);
const wholeNumbers = (keys: string[]): string[] => keys.filter((k) => /^\d{1,18}$/.test(k));

/** The names of everything a page of entries refers to, in one query. */
export async function auditNames(db: Knex, rows: AuditRow[]): Promise<AuditNames> {
  const users = [...new Set(rows.flatMap(userIdsIn))];
  const authorities = wholeNumbers(keysOf(rows, 'authorities'));
  const tasks = wholeNumbers(keysOf(rows, 'request_tasks'));
  const requests = [
    ...new Set(
      rows
        .filter((r) => r.entity === 'requests' || r.entity === 'reports')
        .map((r) => r.request_id ?? r.entity_key)
        .filter((k): k is string => !!k),
    ),
  ];
  const names: AuditNames = { users: new Map(), authorities: new Map(), tasks: new Map(), requests: new Map() };
  if (users.length + authorities.length + tasks.length + requests.length === 0) return names;
  const person = `nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`;
  const { rows: found } = await db.raw<{ rows: { kind: keyof AuditNames; key: string; name: string | null }[] }>(
    `select 'users' as kind, u.id::text as key, ${person} as name from users u where u.id = any(?::text[])
     union all select 'authorities', a.id::text, ${person} from authorities a join users u on u.id = a.user_id where a.id = any(?::bigint[])
     union all select 'tasks', t.id::text, t.type from request_tasks t where t.id = any(?::bigint[])
     union all select 'tasks', h.id::text, h.type from request_task_history h where h.id = any(?::bigint[])
     union all select 'requests', r.id, r.type from requests r where r.id = any(?::text[])`,
    [users, authorities, tasks, tasks, requests],
  );
  for (const f of found) if (f.name) names[f.kind].set(f.key, f.name);
  return names;
}

interface Change {
  from?: unknown;
  to?: unknown;
}

/** What happened, said with the actor (`did`, after their name) or without one (`happened`). */
interface Said {
  did?: string;
  happened: string;
  /** The sentence names no actor even when there is one (e.g. a task opened by the process). */
  alone?: boolean;
}

/** 'SOME_CODE' → 'Some code': the last resort for a value no list names. */
const words = (code: string): string => {
  const w = code.toLowerCase().replace(/_/g, ' ');
  return w.charAt(0).toUpperCase() + w.slice(1);
};

const taskName = (type: string): string => taskTypeLabel(type) ?? words(type);
const requestName = (type: string): string => (processFor(type) ? requestTypeName(type) : words(type));

const statusLabels: Record<string, Record<string, string>> = {
  accounts: accountStatusLabels,
  authorities: authorityStatusLabels,
  requests: requestStatusLabels,
  files: { PENDING: 'Uploaded', SUBMITTED: 'Submitted' },
};

const longDate = (iso: string): string =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A column's value as the service shows it elsewhere. */
function shown(entity: string, col: string, value: unknown, names: AuditNames): string {
  if (value === null || value === undefined || value === '') return col === 'assignee' ? 'no one' : 'none';
  if (Array.isArray(value)) return value.map((v) => shown(entity, col, v, names)).join(', ');
  const text = String(value);
  if (USER_COLUMNS.includes(col)) return names.users.get(text) ?? 'a user who has since been removed';
  if (col === 'status') return statusLabels[entity]?.[text] ?? words(text);
  if (col === 'code') return operatorRoles[text as keyof typeof operatorRoles]?.name ?? words(text);
  if (col === 'contact_type') return contactLabels[text as keyof typeof contactLabels] ?? words(text);
  if (col === 'competent_authority')
    return competentAuthorityLabels[text as keyof typeof competentAuthorityLabels] ?? words(text);
  if (col === 'due_date' && /^\d{4}-\d\d-\d\d/.test(text)) return longDate(text);
  if (col === 'type') return taskTypeLabel(text) ?? requestName(text);
  return /^[A-Z][A-Z0-9_]+$/.test(text) ? words(text) : text;
}

// Columns that change with another one, or only for the service's own bookkeeping: not named.
const QUIET = new Set([
  'version',
  'updated_at',
  'created_at',
  'open_key',
  'due_at',
  'ended_at',
  'submitted_at',
  'accepted_at',
  'closed_at',
  'pause_date',
  'start_date',
  'idempotency_key',
  'metadata',
]);
const columnNames: Record<string, string> = {
  address_line1: 'address',
  address_line2: 'address',
  city: 'address',
  county: 'address',
  postcode: 'address',
  classification_codes: 'classification codes',
  payload: 'details',
  phone_number: 'phone number',
  mobile_number: 'mobile number',
  invitation_token_hash: 'invitation',
  invitation_expires_at: 'invitation',
  invited_profile: 'invitation',
  invited_email: 'invitation',
  signature_uuid: 'signature',
  organisation_id: 'organisation ID',
};

/** The changed columns that the values do not show, in words ('name and address'). */
function otherChanges(details: AuditDetails, except: string[] = []): string | null {
  const values = details.values ?? {};
  const named = [
    ...new Set(
      (details.changed ?? [])
        .filter((c) => !QUIET.has(c) && !(c in values) && !except.includes(c))
        .map((c) => columnNames[c] ?? c.replace(/_/g, ' ')),
    ),
  ];
  if (named.length === 0) return null;
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

const quoted = (text: string) => `‘${text}’`;
const INVITATION = ['invitation_token_hash', 'invitation_expires_at', 'invited_profile', 'invited_email'];

function change(
  entity: string,
  col: string,
  details: AuditDetails,
  names: AuditNames,
): { from: string; to: string } | null {
  const v = details.values?.[col] as Change | undefined;
  if (!v || typeof v !== 'object') return null;
  return { from: shown(entity, col, v.from, names), to: shown(entity, col, v.to, names) };
}

const verbs: Record<string, { did: string; happened: string }> = {
  INSERT: { did: 'added', happened: 'added' },
  UPDATE: { did: 'changed', happened: 'changed' },
  DELETE: { did: 'deleted', happened: 'deleted' },
};

/** A record of a kind without a sentence of its own: 'a verified account record added'. */
function plain(thing: string, row: AuditRow): Said {
  const verb = verbs[row.operation] ?? { did: row.operation.toLowerCase(), happened: row.operation.toLowerCase() };
  const others = row.operation === 'UPDATE' ? otherChanges(row.details) : null;
  const what = others ? `: ${others}` : '';
  return {
    did: `${verb.did} ${thing.charAt(0).toLowerCase()}${thing.slice(1)}${what}`,
    happened: `${thing} ${verb.happened}${what}`,
  };
}

function account(row: AuditRow, names: AuditNames): Said {
  const values = row.details.values ?? {};
  if (row.operation === 'INSERT') {
    const status = values.status ? ` with status ${shown('accounts', 'status', values.status, names)}` : '';
    return { did: `created the account${status}`, happened: `Account created${status}` };
  }
  if (row.operation !== 'UPDATE') return plain('The account', row);
  const status = change('accounts', 'status', row.details, names);
  const others = otherChanges(row.details);
  const from = status ? `from ${status.from} to ${status.to}` : '';
  if (status && !others)
    return { did: `changed the account status ${from}`, happened: `Account status changed ${from}` };
  if (status)
    return {
      did: `changed the account’s ${others}, and its status ${from}`,
      happened: `Account’s ${others} changed, and its status changed ${from}`,
    };
  return { did: `changed the account’s ${others ?? 'details'}`, happened: `Account’s ${others ?? 'details'} changed` };
}

function authority(row: AuditRow, names: AuditNames): Said {
  const values = row.details.values ?? {};
  const user =
    row.operation === 'UPDATE'
      ? (names.authorities.get(row.entity_key ?? '') ?? 'a user')
      : shown('authorities', 'user_id', values.user_id, names);
  if (row.operation === 'INSERT') {
    const role = values.code ? shown('authorities', 'code', values.code, names) : 'user';
    const status = values.status ? `, ${shown('authorities', 'status', values.status, names).toLowerCase()}` : '';
    return {
      did: `added ${user} to the account (${role}${status})`,
      happened: `${user} added to the account (${role}${status})`,
    };
  }
  if (row.operation === 'DELETE')
    return { did: `removed ${user} from the account`, happened: `${user} removed from the account` };
  const parts: Said[] = [];
  for (const [col, noun] of [
    ['status', 'status'],
    ['code', 'role'],
  ] as const) {
    const c = change('authorities', col, row.details, names);
    if (c)
      parts.push({
        did: `changed ${user}’s ${noun} from ${c.from} to ${c.to}`,
        happened: `${user}’s ${noun} changed from ${c.from} to ${c.to}`,
      });
  }
  // An invitation accepted or ended goes with a change of status: that says it.
  const others = otherChanges(row.details, parts.length ? INVITATION : []);
  if (others) parts.push({ did: `changed ${user}’s ${others}`, happened: `${user}’s ${others} changed` });
  if (parts.length === 0) return { did: `changed ${user}’s authority`, happened: `${user}’s authority changed` };
  return { did: parts.map((p) => p.did).join(' and '), happened: parts.map((p) => p.happened).join('; ') };
}

function contact(row: AuditRow, names: AuditNames): Said {
  const type = row.entity_key?.split(':')[1] ?? (row.details.values?.contact_type as string | undefined) ?? '';
  const label = shown('account_contacts', 'contact_type', type, names).toLowerCase();
  const user = row.details.values?.user_id;
  if (row.operation === 'UPDATE') {
    const c = change('account_contacts', 'user_id', row.details, names);
    const what = c ? `the ${label} from ${c.from} to ${c.to}` : `the ${label}`;
    return {
      did: `changed ${what}`,
      happened: `${label.charAt(0).toUpperCase()}${label.slice(1)} changed${c ? ` from ${c.from} to ${c.to}` : ''}`,
    };
  }
  const name = shown('account_contacts', 'user_id', user, names);
  if (row.operation === 'INSERT') return { did: `made ${name} the ${label}`, happened: `${name} made the ${label}` };
  return { did: `removed ${name} as the ${label}`, happened: `${name} removed as the ${label}` };
}

function note(where: string, row: AuditRow): Said {
  if (row.operation === 'INSERT')
    return { did: `added a note to the ${where}`, happened: `Note added to the ${where}` };
  if (row.operation === 'DELETE')
    return { did: `deleted a note from the ${where}`, happened: `Note deleted from the ${where}` };
  return { did: `changed a note on the ${where}`, happened: `Note on the ${where} changed` };
}

function file(row: AuditRow, names: AuditNames): Said {
  const name = row.details.values?.file_name;
  const it = typeof name === 'string' ? `the file ${quoted(name)}` : 'a file';
  if (row.operation === 'INSERT')
    return { did: `uploaded ${it}`, happened: `File ${typeof name === 'string' ? `${quoted(name)} ` : ''}uploaded` };
  if (row.operation === 'DELETE')
    return { did: `deleted ${it}`, happened: `File ${typeof name === 'string' ? `${quoted(name)} ` : ''}deleted` };
  const status = change('files', 'status', row.details, names);
  if (status)
    return {
      did: `changed a file’s status from ${status.from} to ${status.to}`,
      happened: `File status changed from ${status.from} to ${status.to}`,
    };
  return plain('A file', row);
}

function task(row: AuditRow, names: AuditNames): Said {
  const values = row.details.values ?? {};
  const type = typeof values.type === 'string' ? values.type : names.tasks.get(row.entity_key ?? '');
  const name = quoted(type ? taskName(type) : 'a task');
  if (row.operation === 'INSERT') {
    const to = values.assignee
      ? `assigned to ${shown('request_tasks', 'assignee', values.assignee, names)}`
      : 'not yet assigned';
    return { happened: `Task ${name} opened, ${to}`, alone: true };
  }
  // A task leaves the open tasks when it ends: its row moves to the history.
  if (row.operation === 'DELETE') return { did: `completed the task ${name}`, happened: `Task ${name} closed` };
  const said: Said[] = [];
  const assignee = row.details.values?.assignee as Change | undefined;
  if (assignee && typeof assignee === 'object') {
    if (assignee.to === null || assignee.to === undefined)
      said.push({ did: `released the task ${name}`, happened: `Task ${name} released: no one is assigned` });
    else {
      const to = shown('request_tasks', 'assignee', assignee.to, names);
      said.push({
        did: `assigned ${name} to ${assignee.to === row.actor_user_id ? 'themselves' : to}`,
        happened: `Task ${name} assigned to ${to}`,
      });
    }
  }
  const due = change('request_tasks', 'due_date', row.details, names);
  if (due)
    said.push({
      did: `changed the due date of ${name} from ${due.from} to ${due.to}`,
      happened: `Due date of ${name} changed from ${due.from} to ${due.to}`,
    });
  if (row.details.changed?.includes('payload'))
    said.push({ did: `saved changes to ${name}`, happened: `Changes to ${name} saved` });
  if (said.length === 0) {
    const others = otherChanges(row.details, ['payload']);
    said.push({
      did: `changed the task ${name}${others ? `: ${others}` : ''}`,
      happened: `Task ${name} changed${others ? `: ${others}` : ''}`,
    });
  }
  return { did: said.map((s) => s.did).join(' and '), happened: said.map((s) => s.happened).join('; ') };
}

function request(row: AuditRow, names: AuditNames): Said {
  const values = row.details.values ?? {};
  const type = typeof values.type === 'string' ? values.type : names.requests.get(row.entity_key ?? '');
  const name = type ? requestName(type) : 'request';
  if (row.operation === 'INSERT') return { did: `started the ${name} request`, happened: `${name} request started` };
  if (row.operation === 'DELETE') return plain(`The ${name} request`, row);
  const status = change('requests', 'status', row.details, names);
  const others = otherChanges(row.details, ['payload']);
  if (status)
    return {
      did: `changed the ${name} request’s status from ${status.from} to ${status.to}`,
      happened: `${name} request status changed from ${status.from} to ${status.to}`,
    };
  return {
    did: `updated the ${name} request${others ? `: ${others}` : ''}`,
    happened: `${name} request updated${others ? `: ${others}` : ''}`,
  };
}

function user(row: AuditRow, names: AuditNames): Said {
  const name = names.users.get(row.entity_key ?? '') ?? 'a user';
  if (row.operation === 'INSERT') return { happened: `${name} registered`, alone: true };
  if (row.operation === 'DELETE') return { did: `removed ${name}`, happened: `${name} removed` };
  const changed = row.details.changed ?? [];
  if (changed.length === 1 && changed[0] === 'last_sign_in_at') return { happened: `${name} signed in`, alone: true };
  const said: string[] = [];
  if (changed.includes('sessions_revoked_at')) said.push(`signed ${name} out everywhere`);
  if (changed.includes('two_factor_reset_at')) said.push(`reset ${name}’s two-factor authentication`);
  if (changed.includes('terms_version')) said.push(`recorded that ${name} accepted the terms of use`);
  const others = otherChanges(row.details, [
    'sessions_revoked_at',
    'two_factor_reset_at',
    'terms_version',
    'last_sign_in_at',
    'registration_status',
  ]);
  if (others) said.push(`changed ${name}’s ${others}`);
  if (changed.includes('registration_status')) said.push(`changed ${name}’s registration`);
  const did = said.join(' and ') || `changed ${name}’s details`;
  return { did, happened: `${did.charAt(0).toUpperCase()}${did.slice(1)}` };
}

function said(row: AuditRow, names: AuditNames): Said {
  switch (row.entity) {
    case 'retention':
      return { happened: 'Compliance period data deleted at the end of its retention period', alone: true };
    case 'request_actions':
      // A timeline entry reads as the request's timeline shows it ('Notification submitted by …').
      if (row.operation === 'INSERT' && row.details.type)
        return { happened: requestActionHeading({ type: row.details.type, submitter: row.actor_name }), alone: true };
      return plain('A timeline entry', row);
    case 'accounts':
      return account(row, names);
    case 'authorities':
      return authority(row, names);
    case 'account_contacts':
      return contact(row, names);
    case 'account_notes':
      return note('account', row);
    case 'request_notes':
      return note('task', row);
    case 'files':
      return file(row, names);
    case 'request_tasks':
      return task(row, names);
    case 'requests':
      return request(row, names);
    case 'users':
      return user(row, names);
    case 'reports': {
      const type = names.requests.get(row.request_id ?? '');
      return { happened: `${type ? requestName(type) : 'Submitted'} report kept for MI reports`, alone: true };
    }
    case 'compliance_reminders': {
      // A chase's send (api/compliance/chases.ts): one entry per organisation.
      const { type, status } = row.details.values ?? {};
      const name = typeof type === 'string' ? requestName(type) : 'report';
      if (row.operation !== 'INSERT') return plain('A reminder', row);
      if (status === 'SENT')
        return {
          did: `sent the primary contact a reminder to submit the ${name}`,
          happened: `Reminder to submit the ${name} sent to the primary contact`,
        };
      if (status === 'ALREADY_REMINDED')
        return {
          did: `left the organisation out of a reminder about the ${name}: it had been reminded already`,
          happened: `Not reminded about the ${name}: reminded already`,
        };
      return {
        did: `could not send a reminder about the ${name}: the organisation has no primary contact`,
        happened: `No reminder about the ${name} sent: no primary contact`,
      };
    }
    case 'request_action_file_documents':
      return plain('Submission document', row);
    case 'account_onboarding_registry':
      return plain('A verified account record', row);
    case 'identity_credentials':
      return plain('Sign-in details', row);
    case 'verification_bodies':
      return plain('A verification body', row);
    default:
      return plain(words(row.entity), row);
  }
}

/** The entry as a sentence: 'Rita Regulator assigned ‘Review organisation account application’ to themselves'. */
export function describeAuditEntry(row: AuditRow, names: AuditNames): string {
  const s = said(row, names);
  if (s.alone || !row.actor_user_id) return s.happened;
  const who = row.actor_name ?? 'A user';
  return s.did ? `${who} ${s.did}` : `${s.happened} by ${who}`;
}

/** The authority the actor acted with, in words: 'Advanced user', 'Regulator, Environment Agency'. */
export function actingAs(authority: string | null, roleType: string | null): string | null {
  if (!authority) return roleType ? words(roleType) : null;
  const operator = /^(\w+) on account \d+$/.exec(authority);
  if (operator) return operatorRoles[operator[1] as keyof typeof operatorRoles]?.name ?? words(operator[1]!);
  const regulator = /^\w+ of (\w+)$/.exec(authority);
  if (regulator && regulator[1]! in competentAuthorityLabels)
    return `Regulator, ${competentAuthorityLabels[regulator[1] as keyof typeof competentAuthorityLabels]}`;
  if (/ of verification body /.test(authority)) return 'Verifier';
  return words(authority.split(' ')[0]!);
}
