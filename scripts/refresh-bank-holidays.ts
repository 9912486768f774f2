// Refreshes domain/data/uk-bank-holidays.json from GOV.UK's published list
// (https://www.gov.uk/bank-holidays.json, or BANK_HOLIDAYS_URL): the years it publishes replace ours,
// later years we keep. Run with `npm run refresh-bank-holidays`, then review and commit the change.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { mergeBankHolidays, parseBankHolidays, type BankHolidays } from '../domain/bank-holidays';

const url = process.env.BANK_HOLIDAYS_URL ?? 'https://www.gov.uk/bank-holidays.json';
const file = fileURLToPath(new URL('../domain/data/uk-bank-holidays.json', import.meta.url));

async function main() {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const published = parseBankHolidays(await response.json());
  const ours = JSON.parse(await readFile(file, 'utf8')) as BankHolidays;
  const merged = mergeBankHolidays(ours, published);
  await writeFile(file, `${JSON.stringify(merged, null, 2)}\n`);
  for (const [division, { events }] of Object.entries(merged))
    console.log(`${division}: ${events.length} bank holidays, ${events[0]?.date} to ${events.at(-1)?.date}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
