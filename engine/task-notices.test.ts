// The notice plan of a waiting task, without a workflow: which reminders and the overdue notice, at
// what moments, as the task's timers will be armed for them.
import { planNotices } from './task-notices';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const due = '2026-06-30T23:00:00.000Z';
const dueMs = Date.parse(due);

it('plans nothing for a task without a due time', () => {
  expect(planNotices(null, [7 * DAY], dueMs - 30 * DAY)).toEqual([]);
});

it('plans the overdue notice alone when the task has no reminders', () => {
  expect(planNotices(due, [], dueMs - DAY)).toEqual([{ kind: 'OVERDUE', at: dueMs }]);
});

it('plans each reminder before the due time, then the overdue notice, earliest first', () => {
  expect(planNotices(due, [DAY, 14 * DAY], dueMs - 30 * DAY)).toEqual([
    { kind: 'REMINDER_2', at: dueMs - 14 * DAY },
    { kind: 'REMINDER_1', at: dueMs - DAY },
    { kind: 'OVERDUE', at: dueMs },
  ]);
});

it('drops the reminders already past (or due this instant), keeping their names', () => {
  expect(planNotices(due, [14 * DAY, DAY], dueMs - 2 * DAY)).toEqual([
    { kind: 'REMINDER_2', at: dueMs - DAY },
    { kind: 'OVERDUE', at: dueMs },
  ]);
  expect(planNotices(due, [14 * DAY, DAY], dueMs - DAY)).toEqual([{ kind: 'OVERDUE', at: dueMs }]);
});

it('keeps the overdue notice of a task already overdue, first, so it is sent at once', () => {
  expect(planNotices(due, [14 * DAY, DAY], dueMs + HOUR)).toEqual([{ kind: 'OVERDUE', at: dueMs }]);
});

it('keeps a reminder that falls on the due time before the overdue notice (the order they were given)', () => {
  expect(planNotices(due, [0], dueMs - DAY)).toEqual([
    { kind: 'REMINDER_1', at: dueMs },
    { kind: 'OVERDUE', at: dueMs },
  ]);
});
