// A waiting task's e-mails about its due time: the reminders before it and the overdue notice. The
// plan (which notices, at what moment) is a pure function of the due time; TaskNotices keeps the
// plan a task's wait is armed for, plans again when the due date moves, and sends each notice when
// the wait's durable timer for it fires (engine/user-tasks.ts).
import { requestActivities } from './request-activities';

/** The notice at the due time itself. */
export const OVERDUE = 'OVERDUE';

export interface PlannedNotice {
  /** REMINDER_1, REMINDER_2 … (in the order of the task's remindBeforeMs), or OVERDUE. */
  kind: string;
  /** When it is due (epoch ms). */
  at: number;
}

/**
 * The notices of a task due at `dueAt` (ISO; null: no due time, no notices), earliest first: each
 * reminder still ahead of `now`, and the overdue notice at the due time itself, even when that has
 * passed (a task that opens overdue says so at once).
 */
export function planNotices(dueAt: string | null, remindBeforeMs: readonly number[], now: number): PlannedNotice[] {
  if (dueAt === null) return [];
  const due = Date.parse(dueAt);
  const reminders = remindBeforeMs
    .map((before, i) => ({ kind: `REMINDER_${i + 1}`, at: due - before }))
    .filter((n) => n.at > now);
  return [...reminders, { kind: OVERDUE, at: due }].sort((a, b) => a.at - b.at);
}

/** What the notices need of a task: its id, its (movable) due time and its reminders. */
export interface NoticedTask {
  readonly taskId: number;
  readonly dueAt: string | null;
  readonly remindBeforeMs: readonly number[];
}

/** The notices still to send for one waiting task, armed for the due time they were planned for. */
export class TaskNotices {
  private armedFor: string | null;
  private planned: PlannedNotice[];

  constructor(private readonly task: NoticedTask) {
    this.armedFor = task.dueAt;
    this.planned = planNotices(this.armedFor, task.remindBeforeMs, Date.now());
  }

  /** The next notice to send, if any. */
  get next(): PlannedNotice | undefined {
    return this.planned[0];
  }

  /** The task's due date was changed since the notices were planned. */
  moved(): boolean {
    return this.task.dueAt !== this.armedFor;
  }

  /** Plans the notices again for the task's due date as it is now. */
  rearm(): void {
    this.armedFor = this.task.dueAt;
    this.planned = planNotices(this.armedFor, this.task.remindBeforeMs, Date.now());
  }

  /**
   * A task that opens (or is moved) overdue says so at once, not on a timer a quick transition
   * would cancel. Only the overdue notice can be due then: the reminders before it were dropped.
   */
  async sendOverdueNow(): Promise<void> {
    if (this.planned[0] && this.planned[0].at <= Date.now()) await this.send(this.planned.shift()!.kind);
  }

  /** Sends the next notice (its timer fired). */
  sendNext(): Promise<boolean> {
    return this.send(this.planned.shift()!.kind);
  }

  private send(kind: string): Promise<boolean> {
    return requestActivities.sendTaskNotice({ taskId: this.task.taskId, kind, dueAt: this.armedFor! });
  }
}
