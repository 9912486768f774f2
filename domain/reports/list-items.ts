// Lists edited a page an item (`layout: 'pages'`): what their summary table shows and in which
// order, and the save of one item (add, change or remove) merged into the stored section on the
// server, so that changing organisation 700 of 1,000 sends one organisation. The item save is the
// section's SAVE action with `list` and `item` in place of the whole section's `data`: it runs the
// same parsing, pruning and settling (applySectionSave) and the same version check (409).
import * as v from 'valibot';
import { formatAnswer, flatFields, itemTitle, type Field, type FieldEnv, type ListField, type Values } from './fields';
import {
  applySectionSave,
  sectionOf,
  type ReportDefinition,
  type ReportDraft,
  type ReportFacts,
  type SectionDefinition,
  type StepDefinition,
  type Violation,
} from './report';

/** Rows a page of a list's summary table shows. */
export const LIST_PAGE_SIZE = 10;

/** The list of a step edited a page an item, if the step has one. */
export function pagesListOf(step: StepDefinition): ListField | undefined {
  return step.fields.find((f): f is ListField => f.kind === 'list' && f.layout === 'pages');
}

/** The step of a section whose list this is. */
export function stepOfList<C>(section: SectionDefinition<C>, list: string): StepDefinition<C> | undefined {
  return section.steps.find((s) => pagesListOf(s)?.name === list);
}

const at = (item: Values, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Values)[k] : undefined), item);

/** The item field a dotted path names ('answers.measureName' is measureName in the group answers). */
function fieldAt(fields: readonly Field[], path: string): Field | undefined {
  const [head, ...rest] = path.split('.');
  const field = flatFields(fields).find((f) => f.name === head);
  if (!field || rest.length === 0) return field;
  return field.kind === 'group' ? fieldAt(field.fields, rest.join('.')) : undefined;
}

/** The summary table's headings: the definition's columns, or the item's title. */
export function listColumns(field: ListField): { heading: string; field: string | null }[] {
  return field.columns ?? [{ heading: field.itemLabel, field: null }];
}

/** One cell of the summary table: the answer as summaries word it, '' when there is none. */
export function listCell(field: ListField, column: { field: string | null }, item: Values, index: number): string {
  if (column.field === null) return itemTitle(field, item, index);
  const answerField = fieldAt(field.item, column.field);
  const parent = column.field.includes('.') ? at(item, column.field.slice(0, column.field.lastIndexOf('.'))) : item;
  // A total kept with the answers, or worked out from them when it was not.
  const value =
    at(item, column.field) ??
    (answerField?.kind === 'computed' && parent && typeof parent === 'object'
      ? answerField.compute(parent as Values, { ctx: undefined, section: {} })
      : undefined);
  if (value === undefined || value === null || value === '') return '';
  return answerField ? formatAnswer(answerField, value).join(', ') : String(value);
}

/** The items in the table's order, each with its position in the stored list (its id in the API). */
export function orderedItems(field: ListField, items: Values[]): { item: Values; index: number }[] {
  const rows = items.map((item, index) => ({ item, index }));
  if (field.order === 'title') {
    const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });
    rows.sort((a, b) => collator.compare(itemTitle(field, a.item, a.index), itemTitle(field, b.item, b.index)));
  }
  return rows;
}

/** A row of the summary table: an item with its position in the stored list, or the leading row. */
export type ListRow = { item: Values; index: number } | { item: Values; index: null };

/** The table's rows: the leading row (when the list has one), then the items in the table's order. */
export function listRows(field: ListField, items: Values[], env: FieldEnv): ListRow[] {
  const lead = field.leadingRow?.item(env) ?? null;
  return [...(lead ? [{ item: lead, index: null }] : []), ...orderedItems(field, items)];
}

/** The rows of one page (1-based) of the table, and how many pages there are. */
export function listPage<T>(rows: T[], page: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / LIST_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { rows: rows.slice((current - 1) * LIST_PAGE_SIZE, current * LIST_PAGE_SIZE), page: current, pages };
}

export const itemSaveSchema = v.object({
  section: v.pipe(v.string('Enter the section'), v.maxLength(100)),
  list: v.pipe(v.string('Enter the list'), v.maxLength(100)),
  /** The item's position in the stored list; absent to add one. */
  item: v.optional(
    v.pipe(
      v.number('The item must be a whole number'),
      v.integer('The item must be a whole number'),
      v.minValue(0, 'The item must be a whole number'),
    ),
  ),
  /** The item's answers (to add or change it). */
  data: v.optional(v.record(v.string(), v.unknown(), 'The item answers must be an object')),
  /** Removes the item. */
  remove: v.optional(v.literal(true, 'remove must be true')),
});
export type ItemSave = v.InferOutput<typeof itemSaveSchema>;

/** The refusal of an item save that does not fit the list. */
const refusal = (section: string, path: string, message: string) => ({ issues: [{ section, path, message }] });

/**
 * Applies one item's save to the stored draft: the stored section with the item added, replaced or
 * removed, then saved as a page's save is (draft parsing of the whole section, pruning, settling).
 * The item's own answers must be complete, as its page requires.
 */
export function applyItemSave<C>(
  def: ReportDefinition<C>,
  stored: ReportDraft,
  save: ItemSave,
  facts: ReportFacts,
): { draft: ReportDraft } | { issues: Violation[] } {
  const section = sectionOf(def, save.section);
  if (!section) return refusal(save.section, '', 'There is no such section in this report');
  const step = stepOfList(section, save.list);
  const field = step ? pagesListOf(step) : undefined;
  if (!step || !field) return refusal(section.id, save.list, 'There is no such list in this section');
  const current: Values = stored.report[section.id] ?? section.initial?.(stored.prefill) ?? {};
  const items = [...((current[field.name] as Values[] | undefined) ?? [])];
  const path = (rest: string) => `${field.name}${rest}`;
  if (save.item !== undefined && save.item >= items.length)
    return refusal(section.id, path(''), `There is no ${field.itemLabel.toLowerCase()} ${save.item + 1} in the list`);
  if (save.remove) {
    if (save.item === undefined) return refusal(section.id, path(''), 'Say which item to remove');
    if (save.data !== undefined) return refusal(section.id, path(''), 'An item is removed without answers');
    if (field.fixedItems) return refusal(section.id, path(''), 'Items of this list cannot be removed');
    items.splice(save.item, 1);
  } else {
    if (save.data === undefined) return refusal(section.id, path(''), 'The item answers must be an object');
    if (save.item === undefined) {
      if (field.fixedItems) return refusal(section.id, path(''), 'Items cannot be added to this list');
      if (field.max !== undefined && items.length >= field.max)
        return refusal(section.id, path(''), field.maxMessage ?? `Add no more than ${field.max} items`);
    }
    const index = save.item ?? items.length;
    // A server-owned item keeps what the server put in it; the operator's answers go beside them.
    const data = field.fixedItems ? { ...save.data, ...readOnlyAnswers(field.item, items[index]!) } : save.data;
    if (save.item === undefined) items.push(data);
    else items[index] = data;
  }
  return applySectionSave(
    def,
    stored,
    { section: section.id, data: { ...current, [field.name]: items }, complete: false },
    facts,
  );
}

function readOnlyAnswers(fields: readonly Field[], item: Values): Values {
  return Object.fromEntries(
    flatFields(fields)
      .filter((f) => f.readOnly && item[f.name] !== undefined)
      .map((f) => [f.name, item[f.name]]),
  );
}
