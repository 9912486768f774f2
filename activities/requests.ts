// Side effects of the request workflows: the request row, the task projection the lists read, the
// timeline and the e-mails. Temporal runs activities at least once, so every write is idempotent:
// keyed by the workflow step that made it (`${runId}:${seq}`) or a natural key.
import type { Knex } from 'knex';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../infra/db';
import { queueEmails } from '../infra/outbox';
import { loadConfig } from '../infra/config';
import { eligibleUsers } from '../infra/eligible-users';
import { STALE_TASK_MESSAGE } from '../domain/requests';
import { accessFor, taskDefinition, taskTypeLabel } from '../domain/process-registry';
import { compose } from '../infra/email-layout';
import { UUID } from '../domain/files';
import type { Actor } from '../domain/request-messages';

export interface StartRequestArgs {
  requestId: string;
  requestType: string;
  accountId: number | null;
  competentAuthority: string | null;
  payload: Record<string, unknown>;
  /** Restarted by a regulator: the COMPLETED row goes back to IN_PROGRESS, its history kept. */
  reinitiated?: boolean;
  /** The timeline entry of the start, written in the same transaction. */
  timeline?: RecordActionArgs;
}

export interface OpenTaskArgs {
  key: string;
  requestId: string;
  taskType: string;
  roleType: 'OPERATOR' | 'REGULATOR';
  executePermission: string;
  accountId: number | null;
  competentAuthority: string | null;
  /** Tried first (the request-level assignee of the role), then the account's default contact. */
  candidate: string | null;
  /** The task's draft to start with (the `payload` column). */
  draft: Record<string, unknown>;
  dueAt: string | null;
}

export interface RecordActionArgs {
  key: string;
  requestId: string;
  type: string;
  /** What the entry records (the `payload` column): a decision, a reason, a submission's snapshot … */
  details: unknown;
  submitter: Actor | null;
}

/** A timeline entry written with a task's closing: `snapshot` records the task's saved draft as its details. */
export interface ClosingActionArgs extends Omit<RecordActionArgs, 'details'> {
  details?: unknown;
  snapshot?: boolean;
}

const SERVICE = 'Manage your ESOS reporting';
const label = (taskType: string) => taskTypeLabel(taskType) ?? taskType;

/**
 * A task's uploads become part of the record when it ends: the ones its final payload still names
 * in `attachments` are SUBMITTED, the ones taken off it are deleted (reference platform §4.5).
 */
async function settleAttachments(trx: Knex.Transaction, tasks: Record<string, any>[]): Promise<void> {
  for (const task of tasks) {
    const named = Object.keys((task.payload?.attachments as Record<string, string> | undefined) ?? {}).filter((uuid) =>
      UUID.test(uuid),
    );
    const pending = () => trx('files').where({ kind: 'ATTACHMENT', status: 'PENDING', request_task_id: task.id });
    if (named.length > 0) await pending().whereIn('uuid', named).update({ status: 'SUBMITTED' });
    await pending().delete();
  }
}

/**
 * Moves tasks (rows the caller holds FOR UPDATE) to the history: the open row, and who had opened
 * it, go in the same statement as the history row is written (one round trip, not three).
 */
export async function moveToHistory(trx: Knex.Transaction, tasks: Record<string, any>[]): Promise<void> {
  if (tasks.length === 0) return;
  const ids = tasks.map((t) => t.id);
  await settleAttachments(trx, tasks);
  await trx.raw(
    `with moved as (delete from request_tasks where id = any(?::bigint[]) returning *),
          unvisited as (delete from request_task_visits where task_id = any(?::bigint[]))
     insert into request_task_history (id, request_id, type, assignee, start_date, due_date, payload, account_id, competent_authority)
     select id, request_id, type, assignee, start_date, due_date, payload, account_id, competent_authority from moved
     on conflict (id) do nothing`,
    [ids, ids],
  );
}

/** A timeline entry, once per step key (an activity's retry writes nothing more). */
async function recordAction(db: Knex | Knex.Transaction, args: RecordActionArgs): Promise<void> {
  await db('request_actions')
    .insert({
      request_id: args.requestId,
      type: args.type,
      payload: args.details === undefined ? null : JSON.stringify(args.details),
      submitter_id: args.submitter?.userId ?? null,
      submitter: args.submitter?.fullName ?? null,
      idempotency_key: args.key,
    })
    .onConflict('idempotency_key')
    .ignore();
}

export function createRequestActivities(options: { db: Db; homeUrl?: string }) {
  const { db } = options;
  const deps = { homeUrl: options.homeUrl ?? loadConfig().publicUrl };

  /**
   * E-mails who was given a task: the task type's own words when it has them (what it asks, by
   * when, a link to its page), else the generic 'New task received' (reference §3.4).
   */
  async function notifyAssigned(
    trx: Knex.Transaction,
    userIds: string[],
    task?: {
      id: number;
      type: string;
      requestId: string;
      accountId: number | null;
      draft: Record<string, unknown>;
      dueAt: string | null;
    },
  ): Promise<void> {
    if (userIds.length === 0) return;
    const users = await trx('users').whereIn('id', userIds).select('email');
    const own = task ? taskDefinition(task.type)?.assignedEmail : undefined;
    if (task && own) {
      const account =
        task.accountId === null ? null : await trx('accounts').where({ id: task.accountId }).first('name');
      const words = own({
        requestId: task.requestId,
        draft: task.draft,
        organisation: account?.name ?? null,
        dueAt: task.dueAt,
      });
      const link = { text: words.link, link: `${deps.homeUrl.replace(/\/$/, '')}/tasks/${task.id}` };
      await queueEmails(
        trx,
        users.map((u) => compose('EmailAssignedTask', u.email, words.subject, [...words.paragraphs, link])),
      );
      return;
    }
    await queueEmails(
      trx,
      users.map((u) => ({
        to: u.email,
        subject: `New task received - ${SERVICE}`,
        text: `You have been assigned a new task. Sign in to your account to view this task: ${deps.homeUrl}`,
        template: 'EmailAssignedTask',
      })),
    );
  }

  return {
    /** Writes the request row (and its first timeline entry); a request id used before by a CANCELLED request starts afresh. */
    async startRequest(args: StartRequestArgs): Promise<void> {
      await db.transaction(async (trx) => {
        if (args.reinitiated) {
          await trx('requests')
            .where({ id: args.requestId })
            .whereIn('status', ['COMPLETED', 'IN_PROGRESS'])
            .update({ status: 'IN_PROGRESS', ended_at: null });
        } else {
          await trx('requests')
            .insert({
              id: args.requestId,
              type: args.requestType,
              status: 'IN_PROGRESS',
              account_id: args.accountId,
              competent_authority: args.competentAuthority,
              payload: JSON.stringify(args.payload),
            })
            .onConflict('id')
            .merge({
              status: 'IN_PROGRESS',
              payload: JSON.stringify(args.payload),
              created_at: db.fn.now(),
              submitted_at: null,
              ended_at: null,
            })
            .where('requests.status', 'CANCELLED');
        }
        if (args.timeline) await recordAction(trx, args.timeline);
      });
    },

    async completeRequest(args: { requestId: string; status: string }): Promise<void> {
      // Only from IN_PROGRESS: a request already ended from outside (terminated) keeps its status.
      await db('requests')
        .where({ id: args.requestId, status: 'IN_PROGRESS' })
        .update({ status: args.status, ended_at: db.fn.now() });
    },

    async recordRequestAction(args: RecordActionArgs): Promise<void> {
      await recordAction(db, args);
    },

    /** Opens a task with its default assignee (reference §3.4). Returns the task id and assignee. */
    async openTask(args: OpenTaskArgs): Promise<{ taskId: number; assignee: string | null }> {
      return db.transaction(async (trx) => {
        const existing = await trx('request_tasks').where({ open_key: args.key }).first('id', 'assignee');
        if (existing) return { taskId: Number(existing.id), assignee: existing.assignee };
        const eligible = eligibleUsers(trx, {
          roleType: args.roleType,
          permission: args.executePermission,
          accountId: args.accountId,
          competentAuthority: args.competentAuthority,
        });
        let assignee: string | null = null;
        if (args.candidate && (await eligible.clone().where({ user_id: args.candidate }).first('user_id')))
          assignee = args.candidate;
        if (!assignee && args.accountId !== null) {
          const contactType = args.roleType === 'OPERATOR' ? 'PRIMARY' : 'CA_SITE';
          const contact = await trx('account_contacts')
            .where({ account_id: args.accountId, contact_type: contactType })
            .first('user_id');
          if (contact && (await eligible.clone().where({ user_id: contact.user_id }).first('user_id')))
            assignee = contact.user_id;
        }
        const [row] = await trx('request_tasks')
          .insert({
            request_id: args.requestId,
            type: args.taskType,
            assignee,
            account_id: args.accountId,
            competent_authority: args.competentAuthority,
            payload: JSON.stringify(args.draft),
            due_at: args.dueAt,
            due_date: args.dueAt ? trx.raw(`(?::timestamptz at time zone 'Europe/London')::date`, [args.dueAt]) : null,
            open_key: args.key,
          })
          .returning('id');
        if (assignee)
          await notifyAssigned(trx, [assignee], {
            id: Number(row.id),
            type: args.taskType,
            requestId: args.requestId,
            accountId: args.accountId,
            draft: args.draft,
            dueAt: args.dueAt,
          });
        return { taskId: Number(row.id), assignee };
      });
    },

    /**
     * Does nothing: scheduled as a (remote) activity by an update before its first write, it ends the
     * workflow task that accepted the update, so the Temporal server holds the update before any of
     * its writes is made (engine/request-activities.ts, untilUpdateDurable).
     */
    async updateAccepted(): Promise<void> {},

    /**
     * Moves a finished task to the history and forgets who had opened it. Returns its saved draft.
     * With a version, the task closes only if it is still the one the caller checked. With a
     * timeline entry, the entry is written in the same transaction (one write per transition).
     * `by` (who acted) is read only by the audit context.
     */
    async closeTask(args: {
      taskId: number;
      version?: number;
      timeline?: ClosingActionArgs;
      by?: Actor;
    }): Promise<Record<string, unknown>> {
      return db.transaction(async (trx) => {
        const task = await trx('request_tasks').where({ id: args.taskId }).forUpdate().first();
        let draft: Record<string, unknown>;
        if (task) {
          if (args.version !== undefined && task.version !== args.version) {
            throw ApplicationFailure.create({ type: 'STALE_TASK', message: STALE_TASK_MESSAGE, nonRetryable: true });
          }
          await moveToHistory(trx, [task]);
          draft = task.payload ?? {};
        } else {
          // A retry after the move: the history has it.
          const done = await trx('request_task_history').where({ id: args.taskId }).first('payload');
          draft = done?.payload ?? {};
        }
        const { timeline } = args;
        if (timeline) await recordAction(trx, { ...timeline, details: timeline.snapshot ? draft : timeline.details });
        return draft;
      });
    },

    /** Ends a request from outside: its open tasks close and the timeline says so (no submitter). */
    async terminateRequest(args: { key: string; requestId: string; reason: string }): Promise<void> {
      await db.transaction(async (trx) => {
        const open = await trx('request_tasks').where({ request_id: args.requestId }).forUpdate();
        await moveToHistory(trx, open);
        await trx('request_actions')
          .insert({
            request_id: args.requestId,
            type: 'REQUEST_TERMINATED',
            payload: JSON.stringify({ reason: args.reason }),
            idempotency_key: args.key,
          })
          .onConflict('idempotency_key')
          .ignore();
      });
    },

    /**
     * Sets (or clears) the assignee of tasks, e-mailing whoever newly receives one. `actor` (who
     * assigned) is read only by the audit context the activity runs in.
     */
    async assignTasks(args: { taskIds: number[]; assignee: string | null; actor?: Actor }): Promise<void> {
      await db.transaction(async (trx) => {
        const changed = await trx('request_tasks')
          .whereIn('id', args.taskIds)
          .andWhere((q) =>
            args.assignee === null
              ? q.whereNotNull('assignee')
              : q.whereNull('assignee').orWhereNot('assignee', args.assignee),
          )
          .update({ assignee: args.assignee })
          .returning(['id', 'type', 'request_id', 'account_id', 'payload', 'due_at']);
        if (!args.assignee) return;
        // A task with words of its own says them to whoever is given it; the rest, one generic e-mail.
        const own = changed.filter((t) => taskDefinition(t.type)?.assignedEmail);
        for (const t of own)
          await notifyAssigned(trx, [args.assignee], {
            id: Number(t.id),
            type: t.type,
            requestId: t.request_id,
            accountId: t.account_id,
            draft: t.payload ?? {},
            dueAt: t.due_at ? new Date(t.due_at).toISOString() : null,
          });
        if (changed.length > own.length) await notifyAssigned(trx, [args.assignee]);
      });
    },

    /**
     * Moves a task's due date (an extension): the exact moment and the calendar day the lists show.
     * `actor` (the regulator) is read only by the audit context.
     */
    async setTaskDueDate(args: { taskId: number; dueAt: string; actor?: Actor }): Promise<void> {
      await db('request_tasks')
        .where({ id: args.taskId })
        .update({
          due_at: args.dueAt,
          due_date: db.raw(`(?::timestamptz at time zone 'Europe/London')::date`, [args.dueAt]),
        });
    },

    /**
     * A reminder before the due date, or the overdue notice: once per task, kind and due date. They go
     * to the assignee. When it is overdue the competent authority hears of it too: its regulators for
     * an operator's task, its team mailbox for a regulator's (which also stands in for a missing assignee).
     */
    async sendTaskNotice(args: { taskId: number; kind: string; dueAt: string }): Promise<boolean> {
      return db.transaction(async (trx) => {
        const task = await trx('request_tasks')
          .where({ id: args.taskId })
          .first('id', 'type', 'assignee', 'competent_authority');
        if (!task) return false;
        const inserted = await trx('request_task_notices')
          .insert({ task_id: args.taskId, kind: args.kind, due_at: args.dueAt })
          .onConflict(['task_id', 'kind', 'due_at'])
          .ignore()
          .returning('task_id');
        if (inserted.length === 0) return false;
        const overdue = args.kind === 'OVERDUE';
        const assignee = task.assignee ? await trx('users').where({ id: task.assignee }).first('email') : null;
        const regulatorTask = accessFor(task.type)?.roleType === 'REGULATOR';
        const team =
          regulatorTask && task.competent_authority && (overdue || !assignee)
            ? await trx('competent_authorities').where({ code: task.competent_authority }).first('email')
            : null;
        const regulators =
          overdue && !regulatorTask && task.competent_authority
            ? await trx('authorities as a')
                .join('users as u', 'u.id', 'a.user_id')
                .where({ 'a.competent_authority': task.competent_authority, 'a.status': 'ACTIVE' })
                .distinct('u.email')
                .orderBy('u.email')
            : [];
        const recipients = [
          ...new Set(
            [assignee?.email, team?.email, ...regulators.map((r: { email: string }) => r.email)].filter(
              (e): e is string => !!e,
            ),
          ),
        ];
        if (recipients.length === 0) return false;
        const due = new Date(args.dueAt).toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'Europe/London',
        });
        const account =
          overdue && !regulatorTask
            ? await trx('request_tasks as t')
                .join('accounts as a', 'a.id', 't.account_id')
                .where('t.id', args.taskId)
                .first('a.name', 'a.organisation_id')
            : null;
        const whose = account ? ` for ${account.name} (ID: ${account.organisation_id})` : '';
        await queueEmails(
          trx,
          recipients.map((to) => ({
            to,
            subject: `${overdue ? 'Task overdue' : 'Task due soon'} - ${SERVICE}`,
            text: overdue
              ? `The task "${label(task.type)}"${whose} was due on ${due} and is now overdue. Sign in to see it: ${deps.homeUrl}`
              : `The task "${label(task.type)}" is due by ${due}. Sign in to complete it: ${deps.homeUrl}`,
            template: overdue ? 'TaskOverdue' : 'TaskReminder',
          })),
        );
        return true;
      });
    },
  };
}

export type RequestActivities = ReturnType<typeof createRequestActivities>;
