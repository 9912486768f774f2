// Answers carried forward from an earlier report of the same organisation (a later phase's
// notification starts from the phase before's): only where the question is the same — the same
// section and page, asked in the same words with the same limits — and each carried
// answer marked until its section is confirmed or the answer changed.
import { fieldNames, type Values } from './fields';
import { allSections, type ReportData, type ReportDefinition } from './report';

/** What a draft says it carried: the report it came from and the answers, by section. */
export interface CarriedAnswers {
  /** The phase of the report it came from (for the words 'From your phase 3 notification'). */
  phase: number;
  requestId: string;
  /** The answers as carried, by section; a section leaves once it is confirmed (completed). */
  answers: Record<string, Values>;
}

/** A definition's words and rules as data (its functions left out), to compare two questions. */
const asData = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (typeof v === 'function' ? undefined : v));

/** The answers of `data` (a report of `from`) to the questions `to` asks the same way, in these sections. */
export function carriedAnswers(
  from: ReportDefinition,
  to: ReportDefinition,
  data: ReportData,
  sections: readonly string[],
): Record<string, Values> {
  const carried: Record<string, Values> = {};
  for (const id of sections) {
    const before = allSections(from).find((s) => s.id === id);
    const now = allSections(to).find((s) => s.id === id);
    const answers = data[id];
    if (!before || !now || !answers) continue;
    const kept: Values = {};
    // A page is the same question when it reads and checks the same (its title, questions, options, limits).
    for (const step of now.steps) {
      const earlier = before.steps.find((s) => s.id === step.id);
      if (!earlier || asData(earlier) !== asData(step)) continue;
      for (const name of fieldNames(step.fields))
        if (answers[name] !== undefined) kept[name] = structuredClone(answers[name]);
    }
    if (Object.keys(kept).length) carried[id] = kept;
  }
  return carried;
}

/** Is this answer still as it was carried, in a section not yet confirmed? */
export function stillCarried(
  carried: CarriedAnswers | undefined,
  section: string,
  field: string,
  values: Values | undefined,
): boolean {
  const answer = carried?.answers[section]?.[field];
  return answer !== undefined && asData(answer) === asData(values?.[field]);
}

/** 'From your phase 3 notification — check it': the mark of a carried answer. */
export const carriedMark = (carried: CarriedAnswers, reportName: string) =>
  `From your phase ${carried.phase} ${reportName} — check it`;
