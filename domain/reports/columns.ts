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
 * The fields published data may hold: every field not about a person (`aboutPerson`), removed
 * wherever it sits — in groups, in a list's items (a list titled by one is titled by its number
 * instead) and among an option's revealed questions. The one rule of what published data leaves out.
 */
export function publishedFields(fields: readonly Field[]): Field[] {
  const out: Field[] = [];
  for (const field of fields) {
    if (field.aboutPerson) continue;
    if (field.kind === 'group') {
      const kept = publishedFields(field.fields);
      if (kept.length > 0) out.push({ ...field, fields: kept });
    } else if (field.kind === 'list') {
      const item = publishedFields(field.item);
      const titleKept = field.titleField && item.some((f) => f.name === field.titleField!.split('.')[0]);
      if (item.length > 0) out.push({ ...field, item, titleField: titleKept ? field.titleField : undefined });
    } else if (field.kind === 'radios' || field.kind === 'checkboxes' || field.kind === 'select') {
      out.push({
        ...field,
        options: field.options.map((o) => (o.reveal ? { ...o, reveal: publishedFields(o.reveal) } : o)),
      } as Field);
    } else out.push(field);
  }
  return out;
}

/** Words that say a question asks about a person: names, ways to reach someone, roles and memberships. */
const PERSONAL_WORDS =
  /\b(first|last|full|given|family|middle|sur)\s*-?name\b|\bsurname\b|name of the (person|assessor|officer|contact)|e-?mail|phone|mobile|telephone|\bfax\b|job\s*title|position held|membership|professional body|signature|date of birth|national insurance|home address|postcode/i;
const PERSONAL_AUTOCOMPLETE =
  /^(name|given-name|family-name|additional-name|honorific-\w+|nickname|email|tel\b.*|organization-title|bday.*|street-address|address-line\d|postal-code)$/;

/**
 * Does the field look like it asks about a person (its name, label, autocomplete, format or input
 * type)? Such a field must say whether it is (`aboutPerson`); what it decides is what is published.
 */
export function looksPersonal(field: Field): boolean {
  if (field.kind === 'text' || field.kind === 'textarea') {
    if (field.format === 'email' || field.inputType === 'tel' || field.inputType === 'email') return true;
    if (PERSONAL_AUTOCOMPLETE.test(field.autocomplete ?? '')) return true;
  }
  const camel = field.name.replace(/([a-z])([A-Z])/g, '$1 $2');
  return PERSONAL_WORDS.test(camel) || PERSONAL_WORDS.test(field.label);
}

/**
 * The fields (dotted paths) that look personal and do not say whether they are about a person,
 * wherever they sit. A field that says either way covers its parts (an address group).
 */
export function undeclaredPersonalFields(fields: readonly Field[], prefix = ''): string[] {
  const out: string[] = [];
  for (const field of fields) {
    // A field that says either way covers its parts: all of it is withheld, or all of it is the organisation's.
    if (field.aboutPerson !== undefined) continue;
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    if (looksPersonal(field)) out.push(path);
    if (field.kind === 'group') out.push(...undeclaredPersonalFields(field.fields, path));
    else if (field.kind === 'list') out.push(...undeclaredPersonalFields(field.item, path));
    else if (field.kind === 'radios' || field.kind === 'checkboxes' || field.kind === 'select')
      for (const o of field.options) if (o.reveal) out.push(...undeclaredPersonalFields(o.reveal, path));
  }
  return out;
}

/**
 * Is the answer free text (a text box, or a group or list holding one)? What people write is
 * published as written, so the publishing regulator reads these columns before a version goes out.
 */
export function isFreeText(field: Field): boolean {
  if (field.kind === 'text' || field.kind === 'textarea') return true;
  if (field.kind === 'group') return field.fields.some(isFreeText);
  if (field.kind === 'list') return field.item.some(isFreeText);
  return false;
}

/** The columns of a section that published data holds: its columns without the fields about a person. */
export function publishedColumns(section: SectionDefinition): AnswerColumn[] {
  return sectionColumns({
    ...section,
    steps: section.steps.map((step) => ({ ...step, fields: publishedFields(step.fields) })),
  });
}
