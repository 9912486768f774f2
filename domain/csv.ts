// A small RFC 4180 reader and writer. Reading: quoted fields (with "" for a quote, and commas or line breaks inside),
// CRLF or LF line ends, a leading byte-order mark. Spreadsheet exports are all this service meets,
// so there is no delimiter sniffing and no type conversion: every cell is a string.

export interface CsvRecord {
  /** 1-based line of the file the record starts on (what a spreadsheet shows as the row number). */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Every record of the text, blank lines included (as one empty cell), except a final empty line. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedCell = false;

  const endCell = () => {
    cells.push(cell);
    cell = '';
    quotedCell = false;
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && cell === '' && !quotedCell) {
      // A quoted field: read to the closing quote.
      const start = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError('A quoted value is not closed', start);
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        cell += c;
        i++;
      }
      quotedCell = true;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new CsvSyntaxError('A quoted value must be followed by a comma or the end of the line', line);
      }
      continue;
    }
    if (ch === ',') {
      endCell();
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      if (quotedCell) throw new CsvSyntaxError('A quoted value must be followed by a comma or the end of the line', line);
      if (ch === '"') throw new CsvSyntaxError('A quote may only appear inside a quoted value', line);
      cell += ch;
      i++;
    }
  }
  // The last record, unless the text ended with a line break.
  if (cell !== '' || cells.length > 0 || quotedCell) endRecord();
  return records;
}

/** True for a record that is only a blank line. */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.cells.every((c) => c.trim() === '');
}

/**
 * Text a spreadsheet would run as a formula when a CSV is opened (CSV injection): a cell starting with
 * = + - @, or with a tab or carriage return that some programs skip before one of those.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of an exported CSV. Text that a spreadsheet would take for a formula is neutralised with a
 * leading apostrophe (OWASP: shown as text, not run); numbers stay numbers; a cell with a comma,
 * quote or line break is quoted with its quotes doubled (RFC 4180); null and undefined are empty.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An exported CSV: every cell through csvCell, CRLF between records (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
