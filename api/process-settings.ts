// A process's reporting windows and statutory due date as they stand: the configuration's
// (REPORTING_WINDOWS, REPORT_DUE_DATES) when it names the process, else the phase's it serves
// (ESOS_PHASES over domain/phases.ts), else the process's own.
import type { Config } from '../infra/config';
import type { ProcessDefinition, ReportingWindows } from '../domain/process-definition';
import { phaseCode, phaseTitle, reportOpening, type Phase, type PhaseReportDates } from '../domain/phases';
import { registeredProcesses } from '../processes';

/** A window no moment falls in: a phase's report whose windows are null is closed. */
const NEVER = { from: '9999-12-31T00:00:00Z', to: '9999-12-31T00:00:00Z' };

/** The phase row of a process that serves one, as configured. */
export function phaseOf(config: Pick<Config, 'reporting'>, def: ProcessDefinition | undefined): Phase | undefined {
  return def?.phase ? config.reporting.phases.find((p) => p.number === def.phase!.number) : undefined;
}

function phaseDates(config: Pick<Config, 'reporting'>, def: ProcessDefinition): PhaseReportDates | undefined {
  return def.phase ? phaseOf(config, def)?.reports[def.phase.report] : undefined;
}

/** The windows as configured: undefined when it has none (always open), null while a phase's report is closed. */
export function configuredWindows(
  config: Pick<Config, 'reporting'>,
  def: ProcessDefinition | undefined,
): ReportingWindows | null | undefined {
  if (!def) return undefined;
  const configured = config.reporting.windows[def.requestType];
  if (configured) return configured;
  const dates = phaseDates(config, def);
  return dates ? dates.windows : def.create?.windows;
}

export function windowsOf(
  config: Pick<Config, 'reporting'>,
  def: ProcessDefinition | undefined,
): ReportingWindows | undefined {
  const windows = configuredWindows(config, def);
  return windows === null ? { initiate: NEVER, submit: NEVER } : windows;
}

/**
 * The reports of the configured phases that no process serves yet (phase 4's action plan and
 * progress updates; a phase only configured): each named after the process that serves the same
 * report in another phase (`like`, whose start permission it takes), with the day it opens or null
 * while it is closed. The processes serving them are built when their guidance is.
 */
export function upcomingPhaseReports(
  config: Pick<Config, 'reporting'>,
): { requestType: string; title: string; opensOn: string | null; like: ProcessDefinition }[] {
  const processes = registeredProcesses().filter((p) => p.phase && p.create);
  const served = new Set(processes.map((p) => `${p.phase!.number}:${p.phase!.report}`));
  const now = config.reporting.now();
  const upcoming: { requestType: string; title: string; opensOn: string | null; like: ProcessDefinition }[] = [];
  for (const phase of config.reporting.phases) {
    for (const [report, dates] of Object.entries(phase.reports) as [keyof Phase['reports'], PhaseReportDates][]) {
      if (served.has(`${phase.number}:${report}`)) continue;
      const like = processes.find((p) => p.phase!.report === report && p.phase!.number < phase.number);
      if (!like) continue;
      const opening = reportOpening(dates.windows, now);
      if (!('opensOn' in opening)) continue;
      upcoming.push({
        requestType: like.requestType.replace(/_P\d+$/, `_${phaseCode(phase.number)}`),
        title: like.title.replace(phaseTitle(like.phase!.number), phaseTitle(phase.number)),
        opensOn: opening.opensOn,
        like,
      });
    }
  }
  return upcoming;
}

/** The due day ('YYYY-MM-DD', or in tests an exact ISO moment) of a process whose task is due on a statutory date. */
export function dueDateOf(config: Pick<Config, 'reporting'>, def: ProcessDefinition): string | undefined {
  if (!def.dueDate || !('date' in def.dueDate)) return undefined;
  return config.reporting.dueDates[def.requestType] ?? phaseDates(config, def)?.due ?? def.dueDate.date;
}
