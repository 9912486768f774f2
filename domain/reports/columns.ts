// A report section as spreadsheet columns: one column per question (the question's full text as
// its heading, a group's questions each in their own column), the same for every submission, so
// a sheet of many submissions can be written row by row. Cells hold the answers as the summaries
// show them (formatAnswer), several lines joined by line breaks, a list's items in full, one per
// line; a question not asked is empty.
import { answerRows, flatFields, formatAnswer, itemTitle, type Field, type Values } from './fields';
import type { SectionDefinition } from './report';

export interface AnswerColumn {
  heading: string;
  /** Keys from the section's answers down to the answer. */
  path: string[];
  field: Field;
}

function columnsOf(fields: readonly Field[], path: string[], prefix: string): AnswerColumn[] {
  const out: AnswerColumn[] = [];
  for (const field of flatFields(fields)) {
    const heading = prefix ? `${prefix} - ${field.label}` : field.label;
    if (field.kind === 'group' && field.summary === 'rows') out.push(...columnsOf(field.fields, [...path, field.name], heading));
    else out.push({ heading, path: [...path, field.name], field });
  }
  return out;
}

/** The columns of a section, in the order its pages ask the questions; headings made unique. */
export function sectionColumns(section: SectionDefinition): AnswerColumn[] {
  const columns = section.steps.flatMap((step) => columnsOf(step.fields, [], ''));
  const seen = new Map<string, number>();
  return columns.map((column) => {
    const n = (seen.get(column.heading) ?? 0) + 1;
    seen.set(column.heading, n);
    return n === 1 ? column : { ...column, heading: `${column.heading} (${n})` };
  });
}

function valueAt(values: Values | undefined, path: string[]): unknown {
  let current: unknown = values;
  for (const key of path) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Values)[key];
  }
  return current;
}

/** One submission's answers to a section, cell by cell. */
export function sectionCells(columns: readonly AnswerColumn[], values: Values | undefined): string[] {
  return columns.map((column) => {
    const value = valueAt(values, column.path);
    if (value === undefined) return '';
    const field = column.field;
    // A list's items in full, one per line (the summaries show only their titles).
    if (field.kind === 'list' && Array.isArray(value) && value.length > 0) {
      return (value as Values[]).map((item, i) => `${itemTitle(field, item, i)}: ${answerRows(field.item, item).map((r) => `${r.key}: ${r.value.join(', ')}`).join('; ')}`).join('\n');
    }
    return formatAnswer(field, value).join('\n');
  });
}
