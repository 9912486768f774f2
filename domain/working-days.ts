// Working days for due dates: Monday to Friday. Bank holidays differ between the four nations and
// are not counted out (a due date may fall a day or two earlier than a strict count would give).
const DAY_MS = 24 * 60 * 60 * 1000;

/** The same time of day, `days` working days after `from` (weekends skipped). */
export function addWorkingDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}

export const DAY = DAY_MS;
