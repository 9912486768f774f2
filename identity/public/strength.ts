// Shared by the meter script and its tests: the meter's rules (spec section 5), not the estimator.
export interface Strength {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string;
  suggestions: string[];
}

export const MIN_LENGTH = 8;
export const MAX_LENGTH = 256;
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
