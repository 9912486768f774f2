// The profile summary the performance docs quote: self time by owner and function, inclusive time
// counted once per function on a sample's stack, idle left out.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ownerOf, summarise } from './profile-summary';

/** A file of the project, as a profile names it. */
const ours = (file: string) => pathToFileURL(path.resolve(__dirname, '..', '..', file)).href;

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });

it('names the owner of a frame: a package, a folder of ours, Node, or V8', () => {
  expect(ownerOf(ours('node_modules/@temporalio/worker/lib/worker.js'), 'run')).toBe('@temporalio/worker');
  expect(ownerOf(ours('node_modules/knex/lib/client.js'), 'query')).toBe('knex');
  expect(ownerOf(ours('activities/requests.ts'), 'closeTask')).toBe('ours: activities/');
  expect(ownerOf('node:internal/streams/writable', 'write')).toBe('node internals');
  expect(ownerOf('', '(garbage collector)')).toBe('(garbage collector)');
  expect(ownerOf('', 'writev')).toBe('(native)');
  expect(ownerOf('/tmp/x/workflow-bundle-abc.js', 'activate')).toBe('workflow bundle');
});

it('sums self time by owner and function and inclusive time once per function on the stack, leaving idle out', () => {
  // root → closeTask (ours) → query (knex) → query (knex, recursive); and idle.
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 5] },
      { id: 2, callFrame: frame('closeTask', ours('activities/requests.ts')), children: [3] },
      { id: 3, callFrame: frame('query', ours('node_modules/knex/lib/client.js')), children: [4] },
      { id: 4, callFrame: frame('query', ours('node_modules/knex/lib/client.js')) },
      { id: 5, callFrame: frame('(idle)') },
    ],
    samples: [2, 3, 4, 4, 5],
    timeDeltas: [1000, 2000, 3000, 4000, 50_000],
    startTime: 0,
    endTime: 60_000,
  };
  const summary = summarise(profile);
  expect(summary.totalMs).toBe(10);
  expect(Object.fromEntries(summary.owners)).toEqual({ knex: 9, 'ours: activities/': 1 });
  const inclusive = Object.fromEntries(summary.inclusive);
  expect(inclusive['closeTask requests.ts:1']).toBe(10);
  // The recursive query counts its samples once, not once per frame.
  expect(inclusive['query client.js:1']).toBe(9);
  expect(Object.fromEntries(summary.self)['query client.js:1']).toBe(9);
});
