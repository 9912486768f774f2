// The test-only processes with a home of their own: one line each (importing this module defines them
// in the registry, as processes/index.ts does the product's). Their workflows: test/workflows/index.ts.
export * from './site-visit/process';
