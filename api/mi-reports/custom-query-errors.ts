// The database's refusals of a custom query in plain words (issue 26): what was refused and what is
// allowed — one SELECT over the listed tables — instead of 'syntax error at or near "update"' or
// 'permission denied for table accounts'. Null for any other error (its own message is shown).
import { customQueryRefusals as say, customReportTables } from '../../domain/mi-reports';

const CHANGES_DATA = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'TRUNCATE', 'COPY', 'UPSERT']);
const CHANGES_DATABASE = new Set([
  'DROP',
  'CREATE',
  'ALTER',
  'GRANT',
  'REVOKE',
  'COMMENT',
  'REINDEX',
  'VACUUM',
  'CLUSTER',
  'REFRESH',
  'IMPORT',
  'SECURITY',
  'RENAME',
]);
const READS = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE']);

/** The query's first word, past comments and opening parentheses, in capitals. */
export function firstKeyword(sql: string): string | null {
  const rest = sql.replace(/^(\s+|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/|\()*/, '');
  return /^[A-Za-z_]+/.exec(rest)?.[0].toUpperCase() ?? null;
}

/** A listed table to suggest: the one named, if it is one, else the first. */
const exampleFor = (name: string) =>
  (customReportTables as readonly string[]).includes(name) ? name : customReportTables[0];

/** The name as the query wrote it: schema-qualified if it was (`public.accounts`). */
function asWritten(sql: string, name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const qualified = new RegExp(`("?[A-Za-z_][\\w$]*"?)\\s*\\.\\s*"?${escaped}"?(?![\\w$])`, 'i').exec(sql);
  return qualified ? `${qualified[1]!.replace(/"/g, '')}.${name}` : name;
}

export function plainRefusal(sql: string, err: { code?: string; message?: string }): string | null {
  const message = err.message ?? '';
  const keyword = firstKeyword(sql);
  if (err.code === '42601' && /cannot insert multiple commands/.test(message)) return say.oneAtATime;
  if (err.code === '42601' && keyword && !READS.has(keyword)) {
    if (CHANGES_DATA.has(keyword)) return say.changes(keyword, 'data');
    if (CHANGES_DATABASE.has(keyword)) return say.changes(keyword, 'the database');
    return say.notSelect(keyword);
  }
  if (err.code === '0A000' && /data-modifying statements in WITH/.test(message)) return say.changesInWith;
  // SELECT … FOR UPDATE/SHARE: the readers may not lock the views' rows.
  const locking = /\bfor\s+(no\s+key\s+update|key\s+share|update|share)\b/i.test(sql);
  if (err.code === '25006' || (locking && ['42501', '0A000', '55000'].includes(err.code ?? ''))) return say.locks;
  const denied =
    /permission denied for (table|view|materialized view|sequence|schema|function|relation) "?([^\s"]+)"?/.exec(
      message,
    );
  if (err.code === '42501' && denied) {
    const [, kind, name] = denied as unknown as [string, string, string];
    if (kind === 'function') return say.function(name);
    return say.notListed(asWritten(sql, name), exampleFor(name));
  }
  const missing = /relation "([^"]+)" does not exist/.exec(message);
  if (err.code === '42P01' && missing)
    return say.noSuchTable(missing[1]!, exampleFor(missing[1]!.replace(/^.*\./, '')));
  return null;
}
