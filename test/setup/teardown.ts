import { runTeardown } from './cleanup';

export default async function teardown(): Promise<void> {
  await runTeardown();
}
