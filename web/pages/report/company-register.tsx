// What the company register knows of a report's registration numbers (fields with `register`,
// domain/reports): looked up where a number is entered, on its section's summary and on the task
// list, so a number the register does not know is said where it can be put right, not only at
// submission; a number the register gives another name shows that name beside the one answered.
import { useEffect, useMemo, useState } from 'react';
import { WarningText } from '../../components';
import { apiGet, HttpError } from '../../lib/api';
import {
  organisationNamesDiffer,
  registerAnswers,
  type RegisterAnswer,
  type ReportDefinition,
  type ReportData,
} from '../../../domain/reports/report';

/** found: the register's name for the number; missing: not on the register; undefined: not known (yet). */
export type RegisterEntry = { state: 'found'; name: string } | { state: 'missing' } | undefined;

/** Looks a number up: missing on a 4xx (not found, or not a number the register takes). */
export async function lookUpCompany(number: string): Promise<RegisterEntry> {
  try {
    const company = await apiGet(`/v1.0/company-information/${encodeURIComponent(number)}`);
    return { state: 'found', name: company.name };
  } catch (err) {
    if (err instanceof HttpError && err.status >= 400 && err.status < 500) return { state: 'missing' };
    return undefined;
  }
}

export interface CheckedAnswer extends RegisterAnswer {
  entry: RegisterEntry;
}

/** The report's register-checked answers with what the register says of each. */
export function useRegisterCheck(def: ReportDefinition, report: ReportData): CheckedAnswer[] {
  const answers = useMemo(() => registerAnswers(def, report), [def, report]);
  const key = answers.map((a) => a.number).join(',');
  const [entries, setEntries] = useState<Record<string, RegisterEntry>>({});
  useEffect(() => {
    let live = true;
    for (const number of new Set(key ? key.split(',') : [])) {
      void lookUpCompany(number).then((entry) => live && setEntries((known) => ({ ...known, [number]: entry })));
    }
    return () => {
      live = false;
    };
  }, [key]);
  return answers.map((a) => ({ ...a, entry: entries[a.number] }));
}

/** The register's name when it is not the name answered beside the number. */
export function otherRegisteredName(answer: CheckedAnswer): string | null {
  return answer.entry?.state === 'found' &&
    answer.name !== null &&
    organisationNamesDiffer(answer.name, answer.entry.name)
    ? answer.entry.name
    : null;
}

/** Says whose number it is on the register when that is not the organisation answered. */
export function NameMismatch({ answer }: { answer: CheckedAnswer }) {
  const other = otherRegisteredName(answer);
  if (!other) return null;
  return (
    <WarningText>
      {`Companies House has registration number ${answer.number} for ${other}, not ${answer.name}. Check the registration number and the organisation name.`}
    </WarningText>
  );
}
