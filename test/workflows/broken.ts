// A workflow whose code throws at once: Temporal fails its workflow task and retries it for ever,
// as it does for a worker that died holding one or a bug (api/request-workflows.test.ts).
export async function testBrokenWorkflowTask(): Promise<string> {
  throw new Error('This workflow task fails on purpose');
}
