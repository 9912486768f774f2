// The Lighthouse bench reads the figures a report holds and marks each against its goal.
import { lighthouseTable, mainThreadTable, pageFigures } from './lighthouse';

const report = (over: { performance?: number; lcp?: number; tbt?: number; cls?: number; error?: string }) => ({
  lhr: {
    categories: { performance: { score: over.performance ?? 0.95 }, accessibility: { score: 1 } },
    audits: {
      'largest-contentful-paint': { numericValue: over.lcp ?? 1800 },
      'total-blocking-time': { numericValue: over.tbt ?? 120 },
      'cumulative-layout-shift': { numericValue: over.cls ?? 0.01 },
      'network-requests': {
        details: {
          items: [
            { resourceType: 'Script', transferSize: 2048 },
            { resourceType: 'Script', transferSize: 1024 },
            { resourceType: 'Stylesheet', transferSize: 9999 },
          ],
        },
      },
      'mainthread-work-breakdown': {
        details: {
          items: [
            { group: 'scriptEvaluation', duration: 120.4 },
            { group: 'styleLayout', duration: 30 },
            { group: 'scriptEvaluation', duration: 10 },
          ],
        },
      },
      'bootup-time': {
        details: {
          items: [
            { url: 'http://127.0.0.1:3000/static/small.js', total: 12 },
            { url: 'http://127.0.0.1:3000/static/index-1.js', total: 98.6 },
          ],
        },
      },
    },
    ...(over.error ? { runtimeError: { message: over.error } } : {}),
  },
});

it("reads a page's scores, timings and the script bytes sent from its report", () => {
  expect(pageFigures('about', report({}))).toEqual({
    page: 'about',
    performance: 95,
    accessibility: 100,
    lcpMs: 1800,
    tbtMs: 120,
    cls: 0.01,
    scriptKb: 3,
    mainThread: {
      scriptEvaluation: 130.4,
      scriptParseCompile: 0,
      styleLayout: 30,
      paintCompositeRender: 0,
      parseHTML: 0,
      garbageCollection: 0,
      other: 0,
    },
    heaviestScript: { url: 'http://127.0.0.1:3000/static/index-1.js', ms: 98.6 },
  });
});

it('tells where the main thread went, by kind of work, with the heaviest script', () => {
  expect(mainThreadTable([pageFigures('about', report({}))]).split('\n')[2]).toBe(
    '| about | 160 | 130 | 0 | 30 | 0 | 0 | 0 | 0 | /static/index-1.js (99) |',
  );
});

it('refuses a report Lighthouse could not complete, naming the page', () => {
  expect(() => pageFigures('about', report({ error: 'NO_FCP' }))).toThrow('Lighthouse could not measure about: NO_FCP');
});

it('marks each figure against its goal and counts the pages that meet them all', () => {
  const table = lighthouseTable([
    pageFigures('fast', report({})),
    pageFigures('slow', report({ performance: 0.6, lcp: 4100, tbt: 900 })),
  ]);
  expect(table).toContain('| fast | 95 ✓ | 100 ✓ | 1.8 s ✓ | 120 ms ✓ | 0.010 ✓ | 3.0 KB |');
  expect(table).toContain('| slow | 60 ✗ | 100 ✓ | 4.1 s ✗ | 900 ms ✗ | 0.010 ✓ | 3.0 KB |');
  expect(table).toContain('1 of 2 pages meet every goal.');
});
