// The layers' import rules (docs/architecture.md, "Import rules") as a test over the import graph, so
// that a break fails here naming the file, the line and the import, instead of waiting for a reader
// of the prose. Tests (*.test.ts, test/, e2e/) may import what they arrange from anywhere; the rules
// hold for the product's code and for scripts/.
import { describeEdge, importGraph, type ImportEdge } from './import-graph';

/**
 * The test code scripts/ may use (the bench and the fault run drive the service with the tests'
 * users, tokens, fixtures and test processes). Nothing else under test/ — the harnesses, the setup,
 * the access tables — is theirs to import: a script that needs more names it here, on purpose.
 */
const TEST_SUPPORT = [
  'test/factories.ts', // test users and their roles
  'test/tokens.ts', // bearer tokens for those users, and their check
  'test/clock.ts', // the tests' fixed clock
  'test/smtp-peer.ts', // an SMTP server that keeps what it is sent
  'test/free-port.ts', // a TCP port nobody listens on
  'test/temporal.ts', // the Temporal CLI the tests run
  'test/workflow-bundle.ts', // workflows bundled once for worker processes
  'test/workflows/index.ts', // the product's workflows and the test processes', a bundle's entry
  'test/fixtures/measures.ts', // report answers
  'test/fixtures/notification-reports.ts',
  'test/fixtures/largest-document.ts',
  'test/fixtures/large-group.ts', // a large group's reports (the large-group bench)
  'test/compliance-mix.ts', // an authority's accounts in every reporting state
  'test/processes/two-step.ts', // a test-only process with two steps
  'test/workflows/bare-journey.ts', // the same steps without the request engine
  'test/setup/e2e-setup.ts', // the whole service started as the browser tests start it (the Lighthouse bench)
  'test/setup/teardown.ts', // and stopped
  'test/e2e-people.ts', // people with sign-ins and accounts, signed in through the provider's pages
  'test/e2e-browser.ts', // the Start button of a process on an account page
];

const top = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '');
const isTest = (file: string) => /\.test\.(ts|tsx)$/.test(file) || ['test', 'e2e'].includes(top(file));
const inside = (file: string, ...folders: string[]) => folders.includes(top(file));
/** `processes/<name>/…` → name; a shared file at processes/ top level → undefined. */
const homeOf = (file: string) => /^processes\/([^/]+)\//.exec(file)?.[1];
const isWorkflowCode = (file: string) =>
  inside(file, 'engine', 'workflows') || /^processes\/[^/]+\/workflow\.ts$/.test(file);

const graph = importGraph();
const product = graph.filter((edge) => !isTest(edge.from) && !inside(edge.from, 'scripts'));
const breaks = (edges: ImportEdge[], broken: (edge: ImportEdge) => boolean) => edges.filter(broken).map(describeEdge);

it('reads the whole graph', () => {
  // A guard against a reader that finds nothing and so passes every rule.
  expect(graph.length).toBeGreaterThan(2000);
  expect(graph).toContainEqual(expect.objectContaining({ from: 'worker.ts', to: 'workflows/index.ts' }));
});

it('web/ (the SPA) never imports the server side: api, identity, activities, infra, documents, worker code', () => {
  const server = [
    'api',
    'identity',
    'activities',
    'infra',
    'documents',
    'engine',
    'workflows',
    'migrations',
    'scripts',
  ];
  expect(breaks(product, (e) => inside(e.from, 'web') && (inside(e.to, ...server) || e.to === 'worker.ts'))).toEqual(
    [],
  );
});

it('api/ never imports activities/ (the worker’s side effects) nor web/', () => {
  expect(breaks(product, (e) => inside(e.from, 'api') && inside(e.to, 'activities', 'web'))).toEqual([]);
});

it('domain/ imports only domain/: it is shared by every side, so it depends on none', () => {
  expect(breaks(product, (e) => inside(e.from, 'domain') && !inside(e.to, 'domain'))).toEqual([]);
});

it('a process’s home never imports another home’s internals, only its codes', () => {
  // What two processes share goes to domain/ or to a shared file at processes/ top level; a home's
  // codes.ts (its request, task and action types) is what others may name (a start rule's "after").
  expect(
    breaks(product, (e) => {
      const from = homeOf(e.from);
      const to = homeOf(e.to);
      return !!from && !!to && from !== to && !e.to.endsWith('/codes.ts');
    }),
  ).toEqual([]);
});

it('workflow code imports activities for their types only, and nothing of the web or worker process', () => {
  // The Temporal SDK bundles it into a deterministic sandbox (docs/architecture.md).
  expect(
    breaks(
      product,
      (e) =>
        isWorkflowCode(e.from) &&
        ((inside(e.to, 'activities') && !e.typeOnly) ||
          inside(e.to, 'api', 'infra', 'identity', 'documents', 'web', 'migrations', 'scripts')),
    ),
  ).toEqual([]);
});

it('product code never imports test code nor scripts', () => {
  expect(breaks(product, (e) => inside(e.to, 'test', 'e2e', 'scripts'))).toEqual([]);
});

it('scripts/ import test code only from the named test-support modules', () => {
  const scripts = graph.filter((e) => inside(e.from, 'scripts') && !isTest(e.from));
  expect(breaks(scripts, (e) => inside(e.to, 'e2e') || (inside(e.to, 'test') && !TEST_SUPPORT.includes(e.to)))).toEqual(
    [],
  );
});

it('names only test-support modules that exist', () => {
  const imported = new Set(graph.map((e) => e.to));
  expect(TEST_SUPPORT.filter((file) => !imported.has(file))).toEqual([]);
});
