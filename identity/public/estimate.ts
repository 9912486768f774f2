// zxcvbn-ts with the common and English dictionaries and English feedback texts.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { MAX_LENGTH, meterScore, type Strength } from './strength';

const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
  maxLength: MAX_LENGTH,
});

export function estimate(password: string): Strength | null {
  if (password === '') return null;
  const result = zxcvbn.check(password.slice(0, MAX_LENGTH));
  return meterScore(password, {
    score: result.score,
    warning: result.feedback.warning ?? '',
    suggestions: result.feedback.suggestions,
  });
}
