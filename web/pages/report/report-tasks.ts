// The report task types the SPA shows as a task list of sections (reference workflows §3.6): a task
// whose process says so (its `page` of kind 'report') gets its report's definition, the actions its
// pages post and the texts they show. Every page comes from the process's definition.
import { processFor, processOfTask, taskDefinition, type ReportTaskPage } from '../../../processes';
import type { ReportDefinition } from '../../../domain/reports/report';

export interface ReportTask extends ReportTaskPage {
  definition: ReportDefinition;
}

export function reportTaskOf(taskType: string): ReportTask | undefined {
  const page = taskDefinition(taskType)?.page;
  const definition = processOfTask(taskType)?.report;
  return page?.kind === 'report' && definition ? { ...page, definition } : undefined;
}

/** The report definition of a request type, for the read-only view of what was submitted. */
export const reportOfRequestType = (requestType: string): ReportDefinition | undefined =>
  processFor(requestType)?.report;
