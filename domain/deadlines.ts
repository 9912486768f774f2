// Tasks' due dates, which the real service does not keep (reference §4.2: no ESOS task has a due
// date): a report's task is due on its statutory day (each process's `dueDate`), a review some
// working days after it opens. Tasks show the days remaining and remind the assignee before (ours).
import type { TaskDeadline } from './process-definition';
import { addWorkingDays, DAY } from './working-days';
import { DATE_NOT_REAL, dateError, dateValueToIso, toDateValue, type DateValue } from './validation';

/** Reminder e-mails to the assignee this many days before the due date (REPORT_REMINDER_DAYS). */
export const REMINDER_DAYS = [28, 7, 1];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How far UK time is ahead of UTC at an instant (0 in winter, one hour in summer). */
function ukOffsetMs(at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return (
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) -
    Math.floor(at / 60_000) * 60_000
  );
}

/** The last moment of a UK calendar day: a task due that day is overdue after it. */
export function endOfUkDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const nextMidnightUtc = Date.UTC(y, m - 1, d + 1);
  return new Date(nextMidnightUtc - ukOffsetMs(nextMidnightUtc) - 1);
}

/** The UK calendar day of an instant, 'YYYY-MM-DD'. */
export function ukDate(at: Date): string {
  return new Date(at.getTime() + ukOffsetMs(at.getTime())).toISOString().slice(0, 10);
}

/**
 * A task's deadline from a due date: a 'YYYY-MM-DD' day (due by its end, UK time) or an exact ISO
 * instant (tests use seconds), with reminders that long before it.
 */
export function dueDateDeadline(due: string, remindBeforeMs: number[]): TaskDeadline {
  const at = DATE.test(due) ? endOfUkDay(due) : new Date(due);
  if (Number.isNaN(at.getTime())) throw new Error(`Not a due date: ${due}`);
  return { dueAt: at.toISOString(), remindBeforeMs };
}

/**
 * Due `workingDays` working days from `now` (the bank holidays of the account's nation skipped), with
 * reminders that long before it.
 */
export function workingDaysDeadline(
  now: Date,
  workingDays: number,
  remindBeforeMs: number[],
  nation?: string | null,
): TaskDeadline {
  return { dueInMs: addWorkingDays(now, workingDays, nation).getTime() - now.getTime(), remindBeforeMs };
}

export const reminderDaysInMs = (days: number[]) => days.map((d) => d * DAY);

export const ENTER_DUE_DATE = 'Enter the new due date';

/**
 * A regulator's new due date for a task: a real date ('YYYY-MM-DD' or a date value), today or later
 * (`today`, the UK day). The spec's date messages.
 */
export function parseDueDate(raw: unknown, today: string): { dueDate: string } | { message: string } {
  if (typeof raw === 'string' && !DATE.test(raw)) return { message: DATE_NOT_REAL };
  const value: DateValue | null =
    typeof raw === 'string'
      ? toDateValue(raw)
      : raw && typeof raw === 'object' && !Array.isArray(raw)
        ? (raw as DateValue)
        : null;
  const message =
    raw !== null && raw !== undefined && value === null
      ? DATE_NOT_REAL
      : dateError(value, { required: true, min: today, messages: { required: ENTER_DUE_DATE } });
  return message ? { message } : { dueDate: dateValueToIso(value)! };
}
