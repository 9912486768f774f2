// `npm run fuzz`: the API fuzz test (api/fuzz.test.ts) with 10,000 generated cases instead of the
// few hundred of `npm test`; prints the count of answers by status. FUZZ_RUNS and FUZZ_SEED change
// the number of cases and repeat a run.
process.env.FUZZ_RUNS ??= '10000';
process.argv.push('--selectProjects', 'server', '--', 'api/fuzz.test.ts');
await import('./test.mjs');
