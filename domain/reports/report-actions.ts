// A report's task actions for the engine (domain/process-definition.ts): the section save, which the API runs
// against the stored draft, and the submit check, run before the transition reaches the workflow.
import * as v from 'valibot';
import type { ActionRefusal, TaskActionDefinition, TaskContext } from '../process-definition';
import { applyItemSave, itemSaveSchema, type ItemSave } from './list-items';
import {
  applySectionSave,
  reportDraftOf,
  sectionSaveSchema,
  validateReport,
  type ReportDefinition,
  type ReportFacts,
  type ReportDraft,
  type SectionSave,
  type Violation,
} from './report';

/** What a report's rules know beside its answers: the account, and what the process put in the task. */
export const factsOf = (ctx: TaskContext, draft?: ReportDraft): ReportFacts => ({
  ...(ctx.account ? { account: { name: ctx.account.name, registrationNumber: ctx.account.registrationNumber } } : {}),
  ...(draft?.prefill ? { prefill: draft.prefill } : {}),
});

/**
 * What a report's SAVE takes: a section's answers (`data`), or one item of a list edited a page an
 * item (`list`, and `item` to change or remove it): which of the two is told by `list`.
 */
export const reportSaveSchema = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value;
    const isItem = !!value && typeof value === 'object' && !Array.isArray(value) && 'list' in value;
    const result = v.safeParse(isItem ? itemSaveSchema : sectionSaveSchema, value);
    if (result.success) return result.output as SectionSave | ItemSave;
    for (const issue of result.issues)
      addIssue({ message: issue.message, ...(issue.path ? { path: issue.path as never } : {}) });
    return NEVER;
  }),
);

/** SAVE of one section (see applySectionSave), or of one list item (see applyItemSave). */
export function reportSaveAction(def: ReportDefinition): TaskActionDefinition {
  return {
    kind: 'SAVE',
    input: reportSaveSchema,
    apply: (draft, input, ctx) => {
      const current = reportDraftOf(draft);
      const save = input as SectionSave | ItemSave;
      const result =
        'list' in save
          ? applyItemSave(def, current, save, factsOf(ctx, current))
          : applySectionSave(def, current, save, factsOf(ctx, current));
      if ('issues' in result)
        return {
          refusal: { code: 'REPORT_SECTION_INVALID', message: result.issues[0]!.message, violations: result.issues },
        };
      // A section completed is confirmed: its carried answers are no longer marked.
      const carried = current.carried;
      if (!('list' in save) && save.complete && carried?.answers[save.section]) {
        const { [save.section]: _confirmed, ...answers } = carried.answers;
        return { draft: { ...draft, ...result.draft, carried: { ...carried, answers } } };
      }
      return { draft: { ...draft, ...result.draft } };
    },
  };
}

/**
 * The check of a submission: every section complete and valid, plus the report's own checks that
 * need the outside world (e.g. the company register). `code`/`message` as the reference names them.
 */
export function reportSubmitCheck(
  def: ReportDefinition,
  code: string,
  message: string,
  extra?: (draft: ReportDraft, ctx: TaskContext) => Promise<Violation[]>,
): TaskActionDefinition['check'] {
  return async (draft, _input, ctx): Promise<ActionRefusal | null> => {
    const report = reportDraftOf(draft);
    const violations = validateReport(def, report, factsOf(ctx, report));
    if (violations.length === 0 && extra) violations.push(...(await extra(report, ctx)));
    return violations.length ? { code, message, violations } : null;
  };
}
