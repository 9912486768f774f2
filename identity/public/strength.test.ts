import { estimate } from './estimate';
import { debounce } from './strength';

it('gives no score for an empty password, 0 under 8 characters, and 0-4 with feedback otherwise', () => {
  expect(estimate('')).toBeNull();
  const short = estimate('Xk#9q!')!;
  expect(short.score).toBe(0);
  expect(short.suggestions[0]).toBe('Use at least 8 characters.');
  const common = estimate('whatever')!;
  expect(common.score).toBe(0);
  expect(common.warning).toBe('This is a commonly used password.');
  expect(estimate('football1')!.score).toBe(1);
  expect(estimate('Correct-Horse-Battery-9')!.score).toBe(4);
});

it('debounces scoring by the given delay', () => {
  jest.useFakeTimers();
  const fn = jest.fn();
  const run = debounce(fn, 100);
  run('a');
  run('ab');
  jest.advanceTimersByTime(99);
  expect(fn).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(fn).toHaveBeenCalledTimes(1);
  expect(fn).toHaveBeenCalledWith('ab');
  jest.useRealTimers();
});
