import { dropDatabase } from '../../infra/db';
import { onTeardown } from './cleanup';
import { createTestDatabase } from './test-database';
import { startTestClamd } from './test-clamd';

export default async function serverSetup(): Promise<void> {
  if (process.env.ESOS_TEST_DATABASE_URL) return; // made already by another project's setup
  const url = await createTestDatabase();
  process.env.ESOS_TEST_DATABASE_URL = url;
  onTeardown(() => dropDatabase(url));
  // Uploads are scanned by a real clamd of the run's own (its signatures: the EICAR test file).
  process.env.CLAMAV_SOCKET = await startTestClamd();
}
