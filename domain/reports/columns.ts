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
    if (field.kind === 'group' && field.summary === 'rows')
      out.push(...columnsOf(field.fields, [...path, field.name], heading));
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
      return (value as Values[])
        .map(
          (item, i) =>
            `${itemTitle(field, item, i)}: ${answerRows(field.item, item)
              .map((r) => `${r.key}: ${r.value.join(', ')}`)
              .join('; ')}`,
        )
        .join('\n');
    }
    return formatAnswer(field, value).join('\n');
  });
}

/**
 * The fields without contact details (`contactDetail`): removed wherever they sit — in groups, in a
 * list's items (a list titled by one is titled by its number instead) and among an option's revealed
 * questions. The one rule of what published data leaves out.
 */
export function withoutContactDetails(fields: readonly Field[]): Field[] {
  const out: Field[] = [];
  for (const field of fields) {
    if (field.contactDetail) continue;
    if (field.kind === 'group') {
      const kept = withoutContactDetails(field.fields);
      if (kept.length > 0) out.push({ ...field, fields: kept });
    } else if (field.kind === 'list') {
      const item = withoutContactDetails(field.item);
      const titleKept = field.titleField && item.some((f) => f.name === field.titleField!.split('.')[0]);
      if (item.length > 0) out.push({ ...field, item, titleField: titleKept ? field.titleField : undefined });
    } else if (field.kind === 'radios' || field.kind === 'checkboxes' || field.kind === 'select') {
      out.push({
        ...field,
        options: field.options.map((o) => (o.reveal ? { ...o, reveal: withoutContactDetails(o.reveal) } : o)),
      } as Field);
    } else out.push(field);
  }
  return out;
}

/** The columns of a section that published data holds: its columns without contact details. */
export function publishedColumns(section: SectionDefinition): AnswerColumn[] {
  return sectionColumns({
    ...section,
    steps: section.steps.map((step) => ({ ...step, fields: withoutContactDetails(step.fields) })),
  });
}
