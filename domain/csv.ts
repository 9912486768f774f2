// Reading and writing CSV (RFC 4180) with csv-parse and csv-stringify. Reading: quoted fields (with ""
// for a quote, and commas or line breaks inside), CRLF or LF line ends, a leading byte-order mark.
// Spreadsheet exports are all this service meets, so there is no delimiter sniffing and no type
// conversion: every cell is a string. The web build reads with csv-parse's browser bundle (vite.config.mts).
import { parse, CsvError } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { CsvRecord } from './csv-record';

export { isBlankRecord, type CsvRecord } from './csv-record';

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** Every record of the text, blank lines included (as one empty cell), except a final empty line. */
export function parseCsv(input: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1; // where the next record starts
  try {
    parse(input, {
      bom: true,
      relax_column_count: true,
      // Any line end, mixed in one file as hand-edited exports have them.
      record_delimiter: ['\r\n', '\n', '\r'],
      raw: true,
      on_record: (value) => {
        // With `raw`, each record comes with the text it was read from.
        const { raw, record } = value as unknown as { raw: string; record: string[] };
        records.push({ line, cells: record });
        line += raw.match(LINE_BREAK)?.length ?? 0;
        return null;
      },
    });
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    const at = typeof e.lines === 'number' ? e.lines : line;
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') throw new CsvSyntaxError('A quoted value is not closed', line);
    if (e.code === 'CSV_INVALID_CLOSING_QUOTE')
      throw new CsvSyntaxError('A quoted value must be followed by a comma or the end of the line', at);
    if (e.code === 'INVALID_OPENING_QUOTE')
      throw new CsvSyntaxError('A quote may only appear inside a quoted value', at);
    throw new CsvSyntaxError('The file could not be read as CSV', at);
  }
  return records;
}

/**
 * Text a spreadsheet would run as a formula when a CSV is opened (CSV injection): a cell starting with
 * = + - @, or with a tab or carriage return that some programs skip before one of those.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

type Cell = string | number | boolean | null | undefined;

/**
 * How every exported cell is written: text that a spreadsheet would take for a formula is neutralised
 * with a leading apostrophe (OWASP: shown as text, not run); numbers and booleans as written; a cell
 * with a comma, quote or line break quoted with its quotes doubled (RFC 4180); null and undefined empty.
 */
export const csvWriteOptions = {
  record_delimiter: '\r\n',
  quoted_match: /[\r\n]/,
  cast: {
    string: (value: string) => (FORMULA_START.test(value) ? `'${value}` : value),
    boolean: (value: boolean) => String(value),
  },
};

/** One cell of an exported CSV (see csvWriteOptions). */
export function csvCell(value: Cell): string {
  return stringify([[value]], { ...csvWriteOptions, record_delimiter: '' }).replace(/\r\n$/, '');
}

/** An exported CSV: every cell as csvCell writes it, CRLF after every record. */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return stringify(rows as Cell[][], csvWriteOptions);
}
