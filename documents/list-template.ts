// A spreadsheet template made from a report list's definition (an action plan's measures, a progress
// update's): one row a question, in the order the pages ask them, with its possible answers and its
// hint, and one column an item for the user to fill in offline. Made from the very fields the pages
// and the server's parsing use, so a template can never ask what the service does not, nor offer an
// answer it refuses. The workbook is small and written in memory.
import ExcelJS from 'exceljs';
import { formatMonth, type Field } from '../domain/reports/fields';
import { sheetName } from './workbook';

export interface TemplateSheet {
  name: string;
  /** Rows as they are: instructions, or a table made by `listTemplateRows`. */
  rows: (string | number | null)[][];
  /** Bold first row (a table's headings). */
  headings?: boolean;
  /** Column widths, in characters. */
  widths?: number[];
}

const YES_NO = 'Yes / No';

/** What may be written in answer to a field, in words. */
function possibleAnswers(field: Field): string {
  switch (field.kind) {
    case 'radios':
    case 'select':
      return field.options.map((o) => (typeof o.value === 'boolean' ? o.text : o.text)).join(' / ');
    case 'checkboxes':
      return `One or more of: ${field.options.map((o) => o.text).join(' / ')}`;
    case 'number':
      return [
        field.integer ? 'A whole number' : 'A number',
        field.suffix ? `in ${field.suffix}` : '',
        field.min !== undefined ? `, at least ${field.min}` : '',
      ]
        .join(' ')
        .replace(/ ,/g, ',')
        .trim();
    case 'date':
      return 'A date (day, month and year)';
    case 'month':
      return field.min && field.max
        ? `A month and year, ${formatMonth(field.min)} to ${formatMonth(field.max)}`
        : 'A month and year';
    case 'text':
    case 'textarea':
      return field.maxLength ? `Text, up to ${field.maxLength} characters` : 'Text';
    default:
      return '';
  }
}

/**
 * The questions of a list item, flattened in page order: a group's fields under its label, an
 * option's revealed fields after the option ('If …: question'). Ids, copied answers and computed
 * totals are the service's, not the user's, and are left out.
 */
export function templateQuestions(
  fields: readonly Field[],
  prefix = '',
): { question: string; answers: string; help: string }[] {
  const out: { question: string; answers: string; help: string }[] = [];
  for (const field of fields) {
    if (('hidden' in field && field.hidden) || ('readOnly' in field && field.readOnly)) continue;
    if (field.kind === 'computed' || field.kind === 'list') continue;
    if (field.kind === 'group') {
      out.push(...templateQuestions(field.fields, prefix));
      continue;
    }
    const answers = possibleAnswers(field);
    out.push({
      question: `${prefix}${field.label}`,
      answers: answers === 'Yes / No' ? YES_NO : answers,
      help: field.hint ?? '',
    });
    if (field.kind === 'radios' || field.kind === 'select' || field.kind === 'checkboxes')
      for (const option of field.options)
        if (option.reveal?.length) out.push(...templateQuestions(option.reveal, `If '${option.text}': `));
  }
  return out;
}

/** A table of the item's questions: 'Question', 'Possible answers', 'Help', then one column an item. */
export function listTemplateSheet(
  name: string,
  item: readonly Field[],
  itemLabel: string,
  items: number,
): TemplateSheet {
  const questions = templateQuestions(item);
  const columns = Array.from({ length: items }, (_, i) => `${itemLabel} ${i + 1}`);
  return {
    name,
    headings: true,
    widths: [60, 40, 40, ...columns.map(() => 24)],
    rows: [
      ['Question', 'Possible answers', 'Help me answer this question', ...columns],
      ...questions.map((q) => [q.question, q.answers, q.help, ...columns.map(() => null)]),
    ],
  };
}

/** The workbook's bytes. */
export async function templateWorkbook(sheets: readonly TemplateSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ESOS Reporting';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name));
    for (const row of sheet.rows) worksheet.addRow(row);
    if (sheet.headings) worksheet.getRow(1).font = { bold: true };
    sheet.widths?.forEach((width, i) => (worksheet.getColumn(i + 1).width = width));
    worksheet.eachRow((row) => (row.alignment = { wrapText: true, vertical: 'top' }));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
