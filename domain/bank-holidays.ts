// UK bank holidays by division, the days that are not working days besides weekends. The data
// (domain/data/uk-bank-holidays.json) has the shape of GOV.UK's https://www.gov.uk/bank-holidays.json;
// `npm run refresh-bank-holidays` (scripts/refresh-bank-holidays.ts) merges the published list into it.
import type { CompetentAuthority } from './authorities';
import data from './data/uk-bank-holidays.json';

export const divisions = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type Division = (typeof divisions)[number];

export interface BankHolidayEvent {
  title: string;
  date: string;
  notes: string;
  bunting: boolean;
}
export type BankHolidays = Record<Division, { division: Division; events: BankHolidayEvent[] }>;

export const bankHolidays = data as BankHolidays;

/**
 * The bank holidays an account's regulator keeps, by its nation: England and Wales share a list;
 * offshore accounts (OPRED, a UK government regulator) follow England and Wales. No nation: none.
 */
export function divisionOf(nation: CompetentAuthority | string | null | undefined): Division | null {
  if (!nation) return null;
  if (nation === 'SCOTLAND') return 'scotland';
  if (nation === 'NORTHERN_IRELAND') return 'northern-ireland';
  return 'england-and-wales';
}

const sets = new Map<Division, Set<string>>(
  divisions.map((d) => [d, new Set(bankHolidays[d].events.map((e) => e.date))]),
);

/** Is this 'YYYY-MM-DD' day a bank holiday in the division (never without one)? */
export const isBankHoliday = (date: string, division: Division | null): boolean =>
  division !== null && sets.get(division)!.has(date);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The published list checked: every division, each event a title and a real 'YYYY-MM-DD' date. */
export function parseBankHolidays(raw: unknown): BankHolidays {
  const out = {} as BankHolidays;
  for (const division of divisions) {
    const events = (raw as Record<string, { events?: unknown }> | null)?.[division]?.events;
    if (!Array.isArray(events)) throw new Error(`No events for ${division}`);
    out[division] = {
      division,
      events: events.map((e: Partial<BankHolidayEvent>) => {
        if (
          typeof e?.title !== 'string' ||
          typeof e.date !== 'string' ||
          !DATE.test(e.date) ||
          Number.isNaN(Date.parse(e.date))
        )
          throw new Error(`Not a bank holiday in ${division}: ${JSON.stringify(e)}`);
        return {
          title: e.title,
          date: e.date,
          notes: typeof e.notes === 'string' ? e.notes : '',
          bunting: e.bunting === true,
        };
      }),
    };
  }
  return out;
}

/**
 * The published list merged into ours: for each year the published list covers, its events replace
 * ours; years it does not cover (GOV.UK publishes about a year ahead) keep ours. Sorted by date.
 */
export function mergeBankHolidays(ours: BankHolidays, published: BankHolidays): BankHolidays {
  const out = {} as BankHolidays;
  for (const division of divisions) {
    const years = new Set(published[division].events.map((e) => e.date.slice(0, 4)));
    const kept = ours[division].events.filter((e) => !years.has(e.date.slice(0, 4)));
    out[division] = {
      division,
      events: [...kept, ...published[division].events].sort((a, b) => a.date.localeCompare(b.date)),
    };
  }
  return out;
}
