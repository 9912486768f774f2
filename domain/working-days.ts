// Working days for due dates: Monday to Friday, except the bank holidays of the account's nation
// (domain/bank-holidays.ts; with no nation given, weekends only). Days are counted on the UTC
// calendar, the same time of day each day.
import { divisionOf, isBankHoliday } from './bank-holidays';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Is this UTC calendar day a working day where the account's regulator is? */
export function isWorkingDay(at: Date, nation?: string | null): boolean {
  const weekday = at.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(at.toISOString().slice(0, 10), divisionOf(nation));
}

/** The same time of day, `days` working days after `from` (weekends and the nation's bank holidays skipped). */
export function addWorkingDays(from: Date, days: number, nation?: string | null): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (isWorkingDay(new Date(at), nation)) left -= 1;
  }
  return new Date(at);
}

export const DAY = DAY_MS;
