// The moment every test takes as 'now' for the reporting windows (ESOS_CLOCK in the e2e service),
// inside every phase 3 window, so the tests pass on any date. Tests of the windows move it.
export const TEST_NOW = '2026-06-01T12:00:00Z';
export const testClock = () => new Date(TEST_NOW);
