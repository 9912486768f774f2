// A report (the notification, the action plan, the progress updates) as one definition: groups of
// sections in task-list order, each section a wizard of question pages (steps) made of fields.
// The SPA and the server run the same functions below to decide which sections apply, what each
// page asks, what is required, what a changed answer prunes and which completed sections it
// reopens, what a submission lacks, and how answers read in summaries and documents.
import * as v from 'valibot';
import {
  answerRows,
  fieldNames,
  flatFields,
  parseFields,
  pruneFields,
  type AnswerRow,
  type Field,
  type FieldEnv,
  type Help,
  type Issue,
  type TextField,
  type Values,
} from './fields';
import { isEmptyField } from '../validation';
import type { CarriedAnswers } from './carried';
import type { PlanMeasures } from './plan-measures';

/** What the account (and the request) tell a report, beside its own answers. */
export interface ReportFacts {
  account?: { name: string; registrationNumber: string | null };
  /** What the process put in the task beside the answers (its draft's `prefill`). */
  prefill?: Values;
}

export interface StepDefinition<C = any> {
  /** The page's segment in the address. */
  id: string;
  /** The page heading; on a page of one question, the question. */
  title: string;
  /** Paragraphs under the heading. */
  description?: string[];
  /** An expandable help panel under the page's questions (domain/reports/fields.ts `Help`). */
  help?: Help;
  /**
   * The page asks about the energy savings achieved: it shows the measures of the action plan the
   * draft holds (`actionPlanMeasures`), if any, to base the answer on.
   */
  offersPlanMeasures?: boolean;
  /** Text of a link under the description to the Notes tab of this report's request page (opens in a new tab). */
  notesLink?: string;
  /** Asked only when this holds for the section's earlier answers and the report's context. */
  when?: (section: Values, ctx: C) => boolean;
  fields: Field[];
  /** Rules across the page's answers. */
  checks?: (values: Values, env: FieldEnv<C>) => Issue[];
}

export interface SectionDefinition<C = any> {
  /** The key of the section's answers in the report. */
  id: string;
  title: string;
  /** Whether the report has this section for these answers; without it, it must be absent. */
  applies?: (ctx: C) => boolean;
  /** Shown as 'Cannot start yet' until these sections are completed. */
  startsAfter?: string[];
  steps: StepDefinition<C>[];
  /** Rules across the section's pages, checked when it is completed. */
  checks?: (section: Values, ctx: C) => Issue[];
  /** What the pages start from before anything is saved (e.g. from the account's contacts). */
  initial?: (prefill: Values | undefined) => Values | undefined;
  /** How a save combines with what is stored (default: the answers sent replace the section's). */
  merge?: (stored: Values | undefined, sent: Values) => Values;
}

export interface ReportGroup<C = any> {
  title: string;
  sections: SectionDefinition<C>[];
}

export interface ReportDefinition<C = any> {
  /** 'notification', 'action plan' …: how pages name the report in their texts. */
  name: string;
  groups: ReportGroup<C>[];
  /** What the answers decide for the whole report (e.g. the notification's category). */
  context: (report: ReportData, facts: ReportFacts) => C;
  /** What in it is provisional until its guidance is published (a later phase's report, derived-report.ts). */
  provisional?: string[];
}

export type ReportData = Record<string, Values>;
export type StoredStatus = 'IN_PROGRESS' | 'COMPLETED';
export type SectionStatus = 'NOT_STARTED' | 'CANNOT_START_YET' | StoredStatus;

export const sectionStatusLabels: Record<
  SectionStatus,
  'Not started' | 'Cannot start yet' | 'In progress' | 'Completed'
> = {
  NOT_STARTED: 'Not started',
  CANNOT_START_YET: 'Cannot start yet',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
};

/** A report task's draft: the answers, each section's status, and what the account prefilled. */
export interface ReportDraft {
  report: ReportData;
  sectionsCompleted: Record<string, StoredStatus>;
  prefill?: Values;
  /** The answers carried forward from an earlier report, still to be checked (carried.ts). */
  carried?: CarriedAnswers;
  /** The measures of the organisation's action plan of the phase before, as it started (plan-measures.ts). */
  actionPlanMeasures?: PlanMeasures;
}

/** A problem found in a report: the section, its page and the field it concerns. */
export interface Violation extends Issue {
  section: string;
  step?: string;
}

export const SECTION_NOT_COMPLETED = (title: string) => `Complete the ${title.toLowerCase()} section`;
export const SECTION_NOT_APPLICABLE = 'Invalid section';

/** The report part of a task's draft, whatever was stored (missing parts are empty). */
export function reportDraftOf(draft: unknown): ReportDraft {
  const p = (draft && typeof draft === 'object' ? draft : {}) as Partial<ReportDraft>;
  return {
    report: p.report && typeof p.report === 'object' ? p.report : {},
    sectionsCompleted: p.sectionsCompleted && typeof p.sectionsCompleted === 'object' ? p.sectionsCompleted : {},
    ...(p.prefill ? { prefill: p.prefill } : {}),
    ...(p.carried && typeof p.carried === 'object' ? { carried: p.carried } : {}),
    ...(p.actionPlanMeasures && typeof p.actionPlanMeasures === 'object'
      ? { actionPlanMeasures: p.actionPlanMeasures }
      : {}),
  };
}

export function allSections<C>(def: ReportDefinition<C>): SectionDefinition<C>[] {
  return def.groups.flatMap((g) => g.sections);
}

export function sectionOf<C>(def: ReportDefinition<C>, id: string): SectionDefinition<C> | undefined {
  return allSections(def).find((s) => s.id === id);
}

export function stepOf<C>(section: SectionDefinition<C>, id: string): StepDefinition<C> | undefined {
  return section.steps.find((s) => s.id === id);
}

export const sectionApplies = <C>(section: SectionDefinition<C>, ctx: C) => !section.applies || section.applies(ctx);

/** The steps asked for these answers, in order (a step's condition sees the answers before it). */
export function applicableSteps<C>(section: SectionDefinition<C>, values: Values, ctx: C): StepDefinition<C>[] {
  const steps: StepDefinition<C>[] = [];
  for (const step of section.steps) {
    if (!step.when || step.when(pickSteps(section, steps, values), ctx)) steps.push(step);
  }
  return steps;
}

function pickSteps<C>(section: SectionDefinition<C>, steps: StepDefinition<C>[], values: Values): Values {
  const names = new Set(steps.flatMap((s) => fieldNames(s.fields)));
  return Object.fromEntries(Object.entries(values).filter(([k]) => names.has(k)));
}

/**
 * Parses a section's answers. 'complete': every page asked must be answered and the section's
 * rules hold. 'draft': pages not visited yet (no answer at all) are skipped, any other page must be
 * valid as a whole, as its question page requires. Answers of pages not asked are dropped.
 */
export function parseSection<C>(
  section: SectionDefinition<C>,
  raw: unknown,
  ctx: C,
  mode: 'draft' | 'complete',
): { values: Values; issues: Violation[] } {
  const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Values) : {};
  const values: Values = {};
  const issues: Violation[] = [];
  for (const step of section.steps) {
    if (step.when && !step.when(values, ctx)) continue;
    if (mode === 'draft' && fieldNames(step.fields).every((name) => isEmptyField(input[name]))) continue;
    const env: FieldEnv<C> = { ctx, section: values };
    const parsed = parseFields(step.fields, input, env);
    const stepIssues = parsed.issues.length ? parsed.issues : (step.checks?.(parsed.values, env) ?? []);
    issues.push(...stepIssues.map((i) => ({ ...i, section: section.id, step: step.id })));
    Object.assign(values, parsed.values);
  }
  if (mode === 'complete' && issues.length === 0) {
    for (const issue of section.checks?.(values, ctx) ?? [])
      issues.push({ ...issue, section: section.id, step: stepOfField(section, issue.path) });
  }
  return { values, issues };
}

/** The page that asks the answer at this path. */
export function stepOfField<C>(section: SectionDefinition<C>, path: string): string | undefined {
  const name = path.split('.')[0];
  return section.steps.find((s) => fieldNames(s.fields).includes(name!))?.id;
}

/** Keeps only the answers of the pages and questions asked for the section's answers. */
export function pruneSection<C>(section: SectionDefinition<C>, values: Values, ctx: C): Values {
  const out: Values = {};
  for (const step of section.steps) {
    if (step.when && !step.when(out, ctx)) continue;
    Object.assign(out, pruneFields(step.fields, values, { ctx, section: out }));
  }
  return out;
}

export function contextOf<C>(def: ReportDefinition<C>, draft: ReportDraft, facts: ReportFacts): C {
  return def.context(draft.report, facts);
}

/**
 * A section's status on the task list: not part of the report (null), 'Cannot start yet' while a
 * section it depends on is not completed, else what was saved.
 */
export function sectionStatus<C>(
  def: ReportDefinition<C>,
  draft: ReportDraft,
  section: SectionDefinition<C>,
  ctx: C,
): SectionStatus | null {
  if (!sectionApplies(section, ctx)) return null;
  const saved = draft.sectionsCompleted[section.id];
  if (saved) return saved;
  if (section.startsAfter?.some((id) => draft.sectionsCompleted[id] !== 'COMPLETED')) return 'CANNOT_START_YET';
  return 'NOT_STARTED';
}

export interface TaskListGroup {
  title: string;
  sections: { id: string; title: string; status: SectionStatus }[];
}

/** The task list: groups in order with their applicable sections and statuses (empty groups left out). */
export function taskList<C>(def: ReportDefinition<C>, draft: ReportDraft, facts: ReportFacts): TaskListGroup[] {
  const ctx = contextOf(def, draft, facts);
  return def.groups
    .map((group) => ({
      title: group.title,
      sections: group.sections.flatMap((s) => {
        const status = sectionStatus(def, draft, s, ctx);
        return status ? [{ id: s.id, title: s.title, status }] : [];
      }),
    }))
    .filter((g) => g.sections.length > 0);
}

/** Every applicable section is completed: the report may be submitted. */
export function readyToSubmit<C>(def: ReportDefinition<C>, draft: ReportDraft, facts: ReportFacts): boolean {
  return taskList(def, draft, facts).every((g) => g.sections.every((s) => s.status === 'COMPLETED'));
}

/** What a section save sends: the section's answers, and whether the user confirmed them complete. */
export const sectionSaveSchema = v.object({
  section: v.pipe(v.string('Enter the section'), v.maxLength(100)),
  data: v.record(v.string(), v.unknown(), 'The section answers must be an object'),
  complete: v.optional(v.boolean('complete must be true or false'), false),
});
export type SectionSave = v.InferOutput<typeof sectionSaveSchema>;

/**
 * Applies a section save to the stored draft: the answers are parsed (draft, or complete when
 * confirmed), every section is then pruned for the report's new context (sections that no longer
 * apply are removed, with their status), and each completed section whose answers no longer pass
 * (a changed answer elsewhere now needs more) is reopened.
 */
export function applySectionSave<C>(
  def: ReportDefinition<C>,
  stored: ReportDraft,
  save: SectionSave,
  facts: ReportFacts,
): { draft: ReportDraft } | { issues: Violation[] } {
  const section = sectionOf(def, save.section);
  if (!section)
    return { issues: [{ section: save.section, path: '', message: 'There is no such section in this report' }] };
  const sent = section.merge ? section.merge(stored.report[section.id], save.data) : save.data;
  const trial: ReportDraft = { ...stored, report: { ...stored.report, [section.id]: sent } };
  const ctx = contextOf(def, trial, facts);
  if (!sectionApplies(section, ctx))
    return { issues: [{ section: section.id, path: '', message: SECTION_NOT_APPLICABLE }] };
  const parsed = parseSection(section, sent, ctx, save.complete ? 'complete' : 'draft');
  if (parsed.issues.length) return { issues: parsed.issues };

  const report: ReportData = { ...stored.report, [section.id]: parsed.values };
  const statuses: Record<string, StoredStatus> = {
    ...stored.sectionsCompleted,
    [section.id]: save.complete ? 'COMPLETED' : 'IN_PROGRESS',
  };
  return { draft: settle(def, { ...stored, report, sectionsCompleted: statuses }, facts) };
}

/** Prunes every section for the report's context and reopens completed sections that no longer pass. */
export function settle<C>(def: ReportDefinition<C>, draft: ReportDraft, facts: ReportFacts): ReportDraft {
  const report: ReportData = { ...draft.report };
  const statuses = { ...draft.sectionsCompleted };
  // Pruning can change the context (a pruned answer decides another section): go until it holds.
  for (let pass = 0; pass < 3; pass++) {
    const ctx = def.context(report, facts);
    let changed = false;
    for (const section of allSections(def)) {
      if (!sectionApplies(section, ctx)) {
        if (section.id in report || section.id in statuses) changed = true;
        delete report[section.id];
        delete statuses[section.id];
        continue;
      }
      if (!report[section.id]) continue;
      const pruned = pruneSection(section, report[section.id]!, ctx);
      if (JSON.stringify(pruned) !== JSON.stringify(report[section.id])) changed = true;
      report[section.id] = pruned;
    }
    if (!changed) break;
  }
  const ctx = def.context(report, facts);
  for (const section of allSections(def)) {
    if (
      statuses[section.id] === 'COMPLETED' &&
      parseSection(section, report[section.id], ctx, 'complete').issues.length > 0
    )
      statuses[section.id] = 'IN_PROGRESS';
  }
  return { ...draft, report, sectionsCompleted: statuses };
}

/**
 * Everything that stops a submission, section by section in task-list order: a section that applies
 * and is not completed or does not pass, or a section present that does not apply.
 */
export function validateReport<C>(def: ReportDefinition<C>, draft: ReportDraft, facts: ReportFacts): Violation[] {
  const ctx = contextOf(def, draft, facts);
  const violations: Violation[] = [];
  for (const section of allSections(def)) {
    const data = draft.report[section.id];
    if (!sectionApplies(section, ctx)) {
      if (data !== undefined) violations.push({ section: section.id, path: '', message: SECTION_NOT_APPLICABLE });
      continue;
    }
    if (draft.sectionsCompleted[section.id] !== 'COMPLETED') {
      violations.push({ section: section.id, path: '', message: SECTION_NOT_COMPLETED(section.title) });
      continue;
    }
    violations.push(...parseSection(section, data, ctx, 'complete').issues);
  }
  return violations;
}

export interface SectionAnswers {
  section: string;
  title: string;
  rows: (AnswerRow & { step: string })[];
}

/** The answers of one section as rows, page by page (the summary page, views and documents). */
export function sectionRows<C>(
  section: SectionDefinition<C>,
  values: Values | undefined,
  ctx: C,
): (AnswerRow & { step: string })[] {
  const data = values ?? {};
  const rows: (AnswerRow & { step: string })[] = [];
  const seen: Values = {};
  for (const step of section.steps) {
    if (step.when && !step.when(seen, ctx)) continue;
    for (const row of answerRows(step.fields, data, { ctx, section: seen })) rows.push({ ...row, step: step.id });
    for (const name of fieldNames(step.fields)) if (name in data) seen[name] = data[name];
  }
  return rows;
}

/** Every applicable section's answers, in task-list order. */
export function reportAnswers<C>(def: ReportDefinition<C>, report: ReportData, facts: ReportFacts): SectionAnswers[] {
  const ctx = def.context(report, facts);
  return allSections(def)
    .filter((s) => sectionApplies(s, ctx) && report[s.id] !== undefined)
    .map((s) => ({ section: s.id, title: s.title, rows: sectionRows(s, report[s.id], ctx) }));
}

/** A registration number answered in a report that must be on the company register (a field with `register`). */
export interface RegisterAnswer {
  section: string;
  step: string;
  /** The answer's path in its section ('organisationDetails.registrationNumber'). */
  path: string;
  number: string;
  /** The organisation's name answered beside it, when the field names one. */
  name: string | null;
  message: string;
}

/** The registration numbers of these fields' answers (`prefix` is their path) that must be on the register. */
export function registerAnswersOf(
  fields: readonly Field[],
  values: Values | undefined,
  prefix = '',
): { path: string; number: string; name: string | null; message: string }[] {
  const out: { path: string; number: string; name: string | null; message: string }[] = [];
  if (!values) return out;
  const at = (name: string | number) => (prefix ? `${prefix}.${name}` : String(name));
  for (const field of flatFields(fields)) {
    const value = values[field.name];
    if (field.kind === 'group')
      out.push(...registerAnswersOf(field.fields, value as Values | undefined, at(field.name)));
    else if (field.kind === 'list' && Array.isArray(value))
      value.forEach((item, i) => out.push(...registerAnswersOf(field.item, item as Values, `${at(field.name)}.${i}`)));
    else if ((field as TextField).register && typeof value === 'string' && value !== '') {
      const { message, nameField } = (field as TextField).register!;
      const name = nameField && typeof values[nameField] === 'string' ? (values[nameField] as string) : null;
      out.push({ path: at(field.name), number: value, name, message });
    }
  }
  return out;
}

/** Every registration number of the report's saved answers that must be on the company register. */
export function registerAnswers<C>(def: ReportDefinition<C>, report: ReportData): RegisterAnswer[] {
  return allSections(def).flatMap((section) =>
    section.steps.flatMap((step) =>
      registerAnswersOf(step.fields, report[section.id]).map((a) => ({ ...a, section: section.id, step: step.id })),
    ),
  );
}

/** Do two names of an organisation differ, beyond case, punctuation and 'Limited' for 'Ltd'? */
export function organisationNamesDiffer(a: string, b: string): boolean {
  const plain = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9 ]+/g, ' ')
      .replace(/\blimited\b/g, 'ltd')
      .replace(/\s+/g, ' ')
      .trim();
  return plain(a) !== plain(b);
}

/** A valibot schema of one question page, for react-hook-form: the same parsing as the server's. */
export function stepSchema<C>(step: StepDefinition<C>, env: FieldEnv<C>) {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parseFields(step.fields, dataset.value, env);
      const issues = parsed.issues.length ? parsed.issues : (step.checks?.(parsed.values, env) ?? []);
      for (const issue of issues) addIssue({ message: issue.message, path: pathItems(issue.path, dataset.value) });
      return issues.length ? NEVER : parsed.values;
    }),
  );
}

type PathItem = { type: 'object'; origin: 'value'; input: Record<string, unknown>; key: string; value: unknown };

function pathItems(path: string, input: unknown): [PathItem, ...PathItem[]] | undefined {
  if (!path) return undefined;
  const keys = path.split('.');
  let current: unknown = input;
  const items = keys.map((key) => {
    const parent = (current && typeof current === 'object' ? current : {}) as Record<string, unknown>;
    current = parent[key];
    return { type: 'object', origin: 'value', input: parent, key, value: current } as PathItem;
  });
  return items as [PathItem, ...PathItem[]];
}
