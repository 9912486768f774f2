// Three projects: server-side code against real PostgreSQL and Temporal, the SPA's components in
// jsdom, and end-to-end tests that drive the running service in Debian's Chromium. A project's
// globalSetup runs only when one of its tests is selected, so `npx jest web/` starts no servers.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that Jest's own loader cannot require on Node 20: compile them to CommonJS.
const esmPackages = [
  'jose',
  'oauth4webapi',
  'wouter',
  '@observablehq/plot',
  'd3',
  'd3-[a-z-]+',
  'internmap',
  'delaunator',
  'robust-predicates',
  'isoformat',
];
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
  testTimeout: 60000,
  // A worker that has run many files holds a large heap (each file's module registry is not all
  // given back: 1.4 GB heap, 1.9 GB RSS per worker at the end of a full run), and such a process
  // takes 240–310 ms to exit on a quiet machine, more under load — past the 500 ms Jest waits
  // before it kills it and prints "A worker process has failed to exit gracefully". Recycled
  // after a file once its heap passes this, a worker stays small and exits in time.
  workerIdleMemoryLimit: '512MB',
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/{api,activities,documents,domain,engine,identity,infra,processes,workflows,scripts,test}/**/*.test.ts',
        '<rootDir>/*.test.ts',
      ],
      globalSetup: '<rootDir>/test/setup/server-setup.ts',
      globalTeardown: '<rootDir>/test/setup/teardown.ts',
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/web-setup.ts'],
      moduleNameMapper: {
        '\\.(css|scss)$': '<rootDir>/test/setup/style-stub.js',
        // Vite's glob import of the processes' task pages, read from the folders instead.
        '^\\./process-page-modules$': '<rootDir>/test/setup/process-page-modules.ts',
      },
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/setup/e2e-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/test/setup/e2e-timeout.ts'],
      globalTeardown: '<rootDir>/test/setup/teardown.ts',
    },
  ],
};
