// The UK SIC 2007 classification (domain/data/uk-sic-2007.json, its source named there): the 21
// sections and the ~730 five-digit codes companies register with. GET /data's SIC_CODES lists them
// from the table a migration loads from this file.
import data from './data/uk-sic-2007.json';

export interface SicSection {
  letter: string;
  title: string;
  /** The first and last two-digit division of the section. */
  divisions: [number, number];
}

export interface SicCodeEntry {
  code: string;
  description: string;
  /** Its section's letter. */
  section: string;
}

export const sicSections = data.sections as SicSection[];
export const sicCodes = data.codes as SicCodeEntry[];
