// What the request-for-information tests share: a deadline some days ahead, as the date form's three
// fields and as the pages write it, and the regulator's filling in of the questions and the deadline.
import type { Page } from 'playwright-core';

export interface Deadline {
  day: string;
  month: string;
  year: string;
  /** As the pages show it, e.g. '5 March 2027'. */
  long: string;
}

export function inDays(days: number): Deadline {
  const d = new Date(Date.now() + days * 86_400_000);
  const long = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return { day: String(d.getUTCDate()), month: String(d.getUTCMonth() + 1), year: String(d.getUTCFullYear()), long };
}

/** Fills in the questions and the deadline of a request for information (one organisation's or a list's). */
export async function fillRfiQuestions(page: Page, questions: string, deadline: Deadline): Promise<void> {
  await page.getByLabel('What information do you need?').fill(questions);
  const date = page.getByRole('group', { name: 'Deadline for the response' });
  await date.getByLabel('Day').fill(deadline.day);
  await date.getByLabel('Month').fill(deadline.month);
  await date.getByLabel('Year').fill(deadline.year);
}
