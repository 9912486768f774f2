// The moment every test takes as 'now' for the reporting windows (ESOS_CLOCK in the e2e service),
// inside every phase 3 window, so the tests pass on any date. Tests of the windows move it.
export const TEST_NOW = '2026-06-01T12:00:00Z';
export const testClock = () => new Date(TEST_NOW);

/**
 * The browser tests' service opens phase 4's notification at TEST_NOW (ESOS_PHASES), as a
 * regulator's configuration would, so its journey runs on the tests' clock; its other dates stay.
 */
export const TEST_PHASES = JSON.stringify([
  {
    number: 4,
    reports: {
      notification: {
        windows: {
          initiate: { from: '2026-01-01T00:00:00Z', to: '2030-12-06T00:00:00Z' },
          submit: { from: '2026-01-01T00:00:00Z', to: '2030-12-06T00:00:00Z' },
        },
        due: null,
      },
    },
  },
]);
