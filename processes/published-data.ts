// What regulators can publish (docs/published-data.md): each process with a submitted-data report,
// in the compliance period of the phase it serves (domain/phases.ts), derived from the registry; the publish
// request and the files' names. The SPA's pages and the server read the same list.
import * as v from 'valibot';
import { processFor, submittedDataReports } from '.';
import type { SubmittedDataDefinition } from '../domain/process-definition';
import { phaseCode, phaseOfRequestType } from '../domain/phases';
import type { CompetentAuthority } from '../domain/authorities';
import { requiredText } from '../domain/validation';
import { PUBLISHED_DESCRIPTION_MAX, phaseLabel, type PublishedFormat } from '../domain/published-data';

/** What can be published: a process's submitted data of one compliance period. */
export interface PublishableReport {
  /** The process's submitted-data report type, e.g. NOC_SUBMITTED_DATA_P3. */
  reportType: string;
  requestType: string;
  /** The compliance period: the code of the phase it serves (P3). */
  phase: string;
  /** 'Notification of Compliance, phase 3'. */
  title: string;
  submittedData: SubmittedDataDefinition;
}

/** Every report that can be published, in the order of the processes. */
export function publishableReports(): PublishableReport[] {
  return submittedDataReports().map(({ requestType, ...submittedData }) => {
    const served = processFor(requestType)?.phase?.number ?? phaseOfRequestType(requestType) ?? 3;
    const phase = phaseCode(served);
    return {
      reportType: submittedData.reportType,
      requestType,
      phase,
      title: `${processFor(requestType)?.name ?? requestType}, ${phaseLabel(phase)}`,
      submittedData,
    };
  });
}

export const publishableReport = (reportType: string): PublishableReport | undefined =>
  publishableReports().find((r) => r.reportType === reportType);

/** A version's files are named after the MI workbook, its competent authority and its version. */
export function publishedFileName(
  report: PublishableReport,
  ca: CompetentAuthority,
  version: number,
  format: PublishedFormat,
): string {
  return `${report.submittedData.fileName.replace(/\.xlsx$/i, '')}_${ca}_v${version}.${format}`;
}

export const SELECT_REPORT = 'Select the data to publish';
export const ENTER_DESCRIPTION = 'Enter a description of the data';

/** POST /published-data/versions. */
export const publishRequestSchema = v.object({
  reportType: v.pipe(
    v.optional(v.string(SELECT_REPORT), ''),
    v.check((type) => publishableReport(type) !== undefined, SELECT_REPORT),
  ),
  description: requiredText(ENTER_DESCRIPTION, { maxLength: PUBLISHED_DESCRIPTION_MAX }),
});
export type PublishRequest = v.InferOutput<typeof publishRequestSchema>;
