// A record read from a CSV file (domain/csv.ts reads them). Apart from the reader because workflow
// code imports it (through domain/accounts.ts), and the CSV libraries cannot load in Temporal's
// workflow sandbox (they touch Node's Buffer when loaded).

export interface CsvRecord {
  /** 1-based line of the file the record starts on (what a spreadsheet shows as the row number). */
  line: number;
  cells: string[];
}

/** True for a record that is only a blank line. */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.cells.every((c) => c.trim() === '');
}
