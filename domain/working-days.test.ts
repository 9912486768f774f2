// Working days skip weekends and the bank holidays of the account's nation; the holiday list kept in
// the repository must reach two years ahead of today.
import { addWorkingDays } from './working-days';
import { bankHolidays, divisionOf, divisions, mergeBankHolidays, parseBankHolidays } from './bank-holidays';
import { workingDaysDeadline } from './deadlines';

const day = (at: Date) => at.toISOString().slice(0, 10);

it('skips Christmas, Boxing Day and New Year’s Day, and in Scotland the 2nd of January too', () => {
  const from = new Date('2025-12-18T10:00:00Z');
  expect(day(addWorkingDays(from, 10, 'ENGLAND'))).toBe('2026-01-06');
  expect(day(addWorkingDays(from, 10, 'WALES'))).toBe('2026-01-06');
  expect(day(addWorkingDays(from, 10, 'SCOTLAND'))).toBe('2026-01-07');
  expect(addWorkingDays(from, 10, 'ENGLAND').toISOString()).toBe('2026-01-06T10:00:00.000Z');
  // No nation known: weekends only (as before bank holidays were counted).
  expect(day(addWorkingDays(from, 10))).toBe('2026-01-01');
});

it('keeps each nation’s own holidays: St Patrick’s Day in Northern Ireland, Easter Monday not in Scotland, St Andrew’s Day in Scotland', () => {
  expect(day(addWorkingDays(new Date('2026-03-16T09:00:00Z'), 1, 'NORTHERN_IRELAND'))).toBe('2026-03-18');
  expect(day(addWorkingDays(new Date('2026-03-16T09:00:00Z'), 1, 'ENGLAND'))).toBe('2026-03-17');
  expect(day(addWorkingDays(new Date('2026-04-03T09:00:00Z'), 1, 'ENGLAND'))).toBe('2026-04-07');
  expect(day(addWorkingDays(new Date('2026-04-03T09:00:00Z'), 1, 'SCOTLAND'))).toBe('2026-04-06');
  expect(day(addWorkingDays(new Date('2026-11-27T09:00:00Z'), 1, 'SCOTLAND'))).toBe('2026-12-01');
  expect(day(addWorkingDays(new Date('2026-11-27T09:00:00Z'), 1, 'OPRED'))).toBe('2026-11-30');
  expect(divisionOf('OPRED')).toBe('england-and-wales');
});

it('gives a review deadline in the nation’s working days', () => {
  const now = new Date('2025-12-18T10:00:00Z');
  expect(workingDaysDeadline(now, 10, [1], 'SCOTLAND')).toEqual({
    dueInMs: Date.parse('2026-01-07T10:00:00Z') - now.getTime(),
    remindBeforeMs: [1],
  });
});

it('has every division’s bank holidays for this year and the next two years, from today', () => {
  const today = new Date();
  const inTwoYears = new Date(Date.UTC(today.getUTCFullYear() + 2, today.getUTCMonth(), today.getUTCDate()));
  for (const division of divisions) {
    const dates = bankHolidays[division].events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    for (let year = today.getUTCFullYear(); year <= inTwoYears.getUTCFullYear(); year++) {
      // England and Wales have eight a year, Scotland nine, Northern Ireland ten.
      expect({ division, year, count: dates.filter((d) => d.startsWith(`${year}-`)).length }).toEqual({
        division,
        year,
        count: { 'england-and-wales': 8, scotland: 9, 'northern-ireland': 10 }[division],
      });
    }
    expect(dates.at(-1)! >= day(inTwoYears)).toBe(true);
  }
});

it('merges GOV.UK’s published list into ours: a year it publishes replaces ours, the years beyond it stay', () => {
  const published = parseBankHolidays({
    'england-and-wales': {
      division: 'england-and-wales',
      events: [{ title: 'Extra bank holiday', date: '2026-06-01', notes: '', bunting: true }],
    },
    scotland: { division: 'scotland', events: [] },
    'northern-ireland': { division: 'northern-ireland', events: [] },
  });
  const merged = mergeBankHolidays(bankHolidays, published);
  const england = merged['england-and-wales'].events.map((e) => e.date);
  expect(england.filter((d) => d.startsWith('2026-'))).toEqual(['2026-06-01']);
  expect(england.filter((d) => d.startsWith('2027-'))).toEqual(
    bankHolidays['england-and-wales'].events.filter((e) => e.date.startsWith('2027-')).map((e) => e.date),
  );
  expect(merged.scotland).toEqual(bankHolidays.scotland);
  expect(() => parseBankHolidays({ scotland: { events: [] } })).toThrow('No events for england-and-wales');
  expect(() =>
    parseBankHolidays({
      'england-and-wales': { events: [{ title: 'x', date: '2026-13-45' }] },
      scotland: { events: [] },
      'northern-ireland': { events: [] },
    }),
  ).toThrow('Not a bank holiday');
});
