import { dueDateDeadline, endOfUkDay, parseDueDate, ukDate } from './deadlines';

it('is due at the end of the UK day, in summer and in winter', () => {
  expect(endOfUkDay('2025-12-05').toISOString()).toBe('2025-12-05T23:59:59.999Z');
  expect(endOfUkDay('2024-06-05').toISOString()).toBe('2024-06-05T22:59:59.999Z');
  expect(ukDate(new Date('2024-06-05T23:30:00Z'))).toBe('2024-06-06');
  expect(ukDate(new Date('2025-12-05T23:30:00Z'))).toBe('2025-12-05');
  expect(dueDateDeadline('2026-12-05', [1000])).toEqual({ dueAt: '2026-12-05T23:59:59.999Z', remindBeforeMs: [1000] });
  expect(dueDateDeadline('2026-01-01T10:00:00.000Z', [])).toEqual({
    dueAt: '2026-01-01T10:00:00.000Z',
    remindBeforeMs: [],
  });
});

it('takes a new due date that is real and not in the past', () => {
  expect(parseDueDate('2026-12-31', '2026-11-23')).toEqual({ dueDate: '2026-12-31' });
  expect(parseDueDate({ day: '1', month: '2', year: '2027' }, '2026-11-23')).toEqual({ dueDate: '2027-02-01' });
  expect(parseDueDate(undefined, '2026-11-23')).toEqual({ message: 'Enter the new due date' });
  expect(parseDueDate('2026-02-30', '2026-01-01')).toEqual({ message: 'Enter a real date' });
  expect(parseDueDate('tomorrow', '2026-01-01')).toEqual({ message: 'Enter a real date' });
  expect(parseDueDate({ day: '1', month: '2' }, '2026-01-01')).toEqual({ message: 'Enter a full date' });
  expect(parseDueDate('2026-11-22', '2026-11-23')).toEqual({
    message: 'This date must be the same as or after 23 November 2026',
  });
});
