// The list floor: the same list and task-page SQL served by a bare node:http + pg server: no framework,
// no token check, no logging; the caller is named in the Authorization header (the token's subject,
// read without verifying it). It looks the caller up with the API's own statement, builds the list's
// scope with the API's own function, and runs the statements as the API does (prepared, generic
// plans), in as many processes as the API. What the API costs beyond it is the framework's and ours.
import cluster from 'node:cluster';
import http from 'node:http';
import type { Pool as PgPool } from 'pg';
import { listenForTheBench, servePrimary } from './api-server';

export async function serveFloor(): Promise<void> {
  const processes = Number(process.env.BENCH_API_PROCESSES ?? 1);
  if (processes > 1 && cluster.isPrimary) return servePrimary(processes);
  const answer = await floorAnswers();
  const server = http.createServer(async (req, res) => {
    try {
      const json = JSON.stringify(await answer(req));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  server.keepAliveTimeout = 60_000;
  listenForTheBench(server);
}

/** Numbers a knex statement's `?` placeholders as pg's `$1, $2, …`. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** The body of a list page or a task page for a request, as the API's statements give it. */
async function floorAnswers(): Promise<(req: http.IncomingMessage) => Promise<unknown>> {
  const { Pool } = await import('pg');
  const { TASK_PAGE_SQL } = await import('../../api/routes/tasks');
  const { workItemPageStatement } = await import('../../api/routes/work-items');
  type WorkItemList = import('../../domain/work-items').WorkItemList;
  await import('../../processes');
  // Generic plans, as infra/prepared.ts asks for them per statement: here for the whole session.
  // (idle connections kept: a backend that ends takes its CPU count with it, and PostgreSQL's share would be lost)
  const pool = new Pool({
    connectionString: process.env.DATABASE_URL,
    min: 2,
    max: 12,
    idleTimeoutMillis: 0,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  const caller = await callerLookup(pool);
  const taskSql = numbered(TASK_PAGE_SQL);
  return async (req) => {
    const subject = JSON.parse(Buffer.from(String(req.headers.authorization).split('.')[1], 'base64url').toString())
      .sub as string;
    const user = await caller(subject);
    const url = new URL(req.url!, 'http://floor');
    const list = /\/items\/(assigned-to-me|assigned-to-others|unassigned)$/.exec(url.pathname)?.[1];
    if (list) {
      const page = Number(url.searchParams.get('page') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 10);
      // The statement of api/routes/work-items.ts, as the API runs it.
      const statement = workItemPageStatement(user, list as WorkItemList, page, size)!;
      const text = numbered(statement.sql);
      const { rows } = await pool.query({
        name: `list-${hashName(text)}`,
        text,
        values: statement.bindings as unknown[],
      });
      return { items: rows.filter((row) => row.id !== null), totalItems: rows[0].total_items };
    }
    const id = Number(/\/tasks\/(\d+)$/.exec(url.pathname)![1]);
    const { rows } = await pool.query({ name: 'task', text: taskSql, values: [id] });
    await pool.query({
      name: 'visit',
      text: 'insert into request_task_visits (task_id, user_id) values ($1, $2) on conflict (task_id, user_id) do nothing',
      values: [id, user.userId],
    });
    return rows[0];
  };
}

/** The caller as the API's current-user middleware builds it, with its statement. */
async function callerLookup(pool: PgPool) {
  const { CALLER_SQL, roleTypeOf } = await import('../../api/auth/current-user');
  const callerSql = numbered(CALLER_SQL);
  return async (subject: string) => {
    const { rows } = await pool.query({ name: 'caller', text: callerSql, values: [subject] });
    const row = rows[0];
    const authorities = (row.authorities as Record<string, unknown>[]).map((a) => ({
      id: Number(a.id),
      code: a.code,
      status: a.status,
      accountId: a.account_id,
      competentAuthority: a.competent_authority,
      verificationBodyId: a.verification_body_id,
      permissions: a.permissions ?? [],
    }));
    return {
      userId: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      roleType: roleTypeOf(authorities as any),
      authorities,
      active: authorities.filter((a) => a.status === 'ACTIVE'),
    } as any;
  };
}

function hashName(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}
