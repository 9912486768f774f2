// Shared by the meter script and its tests: the meter's rules (spec section 5), not the estimator.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/passwords';

export interface Strength {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string;
  suggestions: string[];
}

export const MIN_LENGTH = PASSWORD_MIN_LENGTH;
export const MAX_LENGTH = PASSWORD_MAX_LENGTH;
export const scoreLabel = ['very weak', 'weak', 'fair', 'good', 'strong'] as const;

/** Empty: no score. Shorter than the minimum: 0, with the estimator's feedback. */
export function meterScore(password: string, estimated: Strength): Strength | null {
  if (password === '') return null;
  if (password.length < MIN_LENGTH) {
    return {
      ...estimated,
      score: 0,
      suggestions: [`Use at least ${MIN_LENGTH} characters.`, ...estimated.suggestions],
    };
  }
  return estimated;
}

export function debounce<A extends unknown[]>(
  fn: (...args: A) => void | Promise<void>,
  ms: number,
): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => void fn(...args), ms);
  };
}
