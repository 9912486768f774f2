// A process's reporting windows and statutory due date as they stand: the configuration's
// (REPORTING_WINDOWS, REPORT_DUE_DATES) when it names the process, else the process's own.
import type { Config } from '../infra/config';
import type { ProcessDefinition, ReportingWindows } from '../domain/process-definition';

export function windowsOf(
  config: Pick<Config, 'reporting'>,
  def: ProcessDefinition | undefined,
): ReportingWindows | undefined {
  return def ? (config.reporting.windows[def.requestType] ?? def.create?.windows) : undefined;
}

/** The due day ('YYYY-MM-DD', or in tests an exact ISO moment) of a process whose task is due on a statutory date. */
export function dueDateOf(config: Pick<Config, 'reporting'>, def: ProcessDefinition): string | undefined {
  return def.dueDate && 'date' in def.dueDate
    ? (config.reporting.dueDates[def.requestType] ?? def.dueDate.date)
    : undefined;
}
