import { prepareDatabase } from '../../infra/db';

/** A fresh database for this test run, migrated; its URL goes to process.env.DATABASE_URL. */
export async function createTestDatabase(): Promise<string> {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/esos_test_${process.pid}_${Date.now()}`;
  const url = base.toString();
  await prepareDatabase(url);
  return url;
}
