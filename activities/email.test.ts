import { retryDelaySeconds } from './email';

describe('e-mail retry backoff', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [7, 1920],
    [8, 3600],
    [20, 3600],
  ])('after attempt %i waits %i seconds', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
