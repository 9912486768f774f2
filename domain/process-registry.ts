// The registry of processes: each process's home defines it here once (defineProcess), and every
// list of the service reads it from here — request and task types, their names, timeline labels,
// documents, MI reports. Importing processes/ (its index) defines the product's processes: the API,
// the SPA and the worker read the registry through it; activities/ reads it here, below the
// processes, and the worker imports processes/ before it creates them. A test may define a process
// of its own, which then appears everywhere the product's do.
import type {
  Availability,
  DocumentSection,
  ProcessDefinition,
  StartFacts,
  SubmittedDataDefinition,
  TaskAccess,
  TaskTypeDefinition,
  TimelineEntryDefinition,
} from './process-definition';
import { engineTimeline } from './requests';
import { reportAnswers, reportDraftOf } from './reports/report';

/** The usual start rule: once per account, unless the earlier one was cancelled; in its window. */
export const onceUnlessCancelled =
  (requestType: string) =>
  ({ statuses, inWindow }: StartFacts): Availability => {
    const own = statuses[requestType];
    if (own && own !== 'CANCELLED') return { valid: false, requests: [requestType] };
    return inWindow ? { valid: true } : { valid: false };
  };

const processes = new Map<string, ProcessDefinition>();
const taskTypes = new Map<string, { process: ProcessDefinition; definition: TaskTypeDefinition }>();
const timelineEntries = new Map<string, TimelineEntryDefinition>(Object.entries(engineTimeline));

/** The names a process's definition refers to must be its own: checked once, when it is defined. */
function checkReferences(def: ProcessDefinition): void {
  const problems: string[] = [];
  const entry = (key: string | undefined, where: string) => {
    if (key && !(key in def.timeline) && !(key in engineTimeline))
      problems.push(`${where} records ${key}, which is not in its timeline`);
  };
  entry(def.create?.timeline, 'create');
  entry(def.reinitiate?.timeline, 'reinitiate');
  for (const [type, task] of Object.entries(def.tasks)) {
    for (const [name, action] of Object.entries(task.actions)) entry(action.timeline, `${type}.${name}`);
    const page = task.page;
    const named =
      page?.kind === 'report'
        ? [page.save, page.submit, page.sendForReview, page.returnToSubmit, page.cancel]
        : Object.values(page?.actions ?? {});
    for (const action of named)
      if (action && !(action in task.actions))
        problems.push(`${type}'s page posts ${action}, which is not one of its actions`);
    if (page?.kind === 'report' && !def.report) problems.push(`${type} is shown as a report, but the process has none`);
    if (page?.kind === 'form' && !def.home)
      problems.push(`${type} has a page of its own (${page.name}), but the process names no home to find it in`);
  }
  if (def.dueDate && !(def.dueDate.taskType in def.tasks))
    problems.push(`its due date is on ${def.dueDate.taskType}, which is not one of its tasks`);
  if (def.submittedData && !def.report) problems.push('it has a submitted-data report but no report definition');
  if (problems.length) throw new Error(`Process ${def.requestType}: ${problems.join('; ')}`);
}

export function defineProcess<P extends ProcessDefinition>(definition: P): P {
  const existing = processes.get(definition.requestType);
  if (existing === definition) return definition;
  if (existing) throw new Error(`Process ${definition.requestType} is defined twice`);
  checkReferences(definition);
  processes.set(definition.requestType, definition);
  for (const [type, task] of Object.entries(definition.tasks))
    taskTypes.set(type, { process: definition, definition: task });
  for (const [type, entry] of Object.entries(definition.timeline)) timelineEntries.set(type, entry);
  return definition;
}

/** The definitions, once some are defined: a lookup before then is a wiring fault, not an unknown type. */
function defined(): Map<string, ProcessDefinition> {
  if (processes.size === 0) throw new Error('No process is defined yet: import processes/ before reading the registry');
  return processes;
}

export function processFor(requestType: string): ProcessDefinition | undefined {
  return defined().get(requestType);
}

export function registeredProcesses(): ProcessDefinition[] {
  return [...defined().values()];
}

/** The process a task type belongs to. */
export function processOfTask(taskType: string): ProcessDefinition | undefined {
  defined();
  return taskTypes.get(taskType)?.process;
}

export function taskDefinition(taskType: string): TaskTypeDefinition | undefined {
  defined();
  return taskTypes.get(taskType)?.definition;
}

/** Role and permissions of a task type. */
export function accessFor(taskType: string): TaskAccess | undefined {
  defined();
  return taskTypes.get(taskType)?.definition;
}

/** Every task type the lists may show. */
export function knownTaskTypes(): string[] {
  defined();
  return [...taskTypes.keys()];
}

/**
 * A readable request id (reference workflows §1.4): 'AP000001-P3' for the account 1's action plan;
 * with `number`, a numbered process's nth request of the account: 'RFI000001-2'.
 */
export function requestIdOf(def: Pick<ProcessDefinition, 'id'>, accountId: number, number?: number): string {
  return `${def.id.prefix}${String(accountId).padStart(6, '0')}${def.id.suffix ?? ''}${number === undefined ? '' : `-${number}`}`;
}

// ---------------------------------------------------------------------------------------------
// Words

/** A request type's name in lists and reports: its 'Type' label, else its title. */
export function requestTypeName(type: string): string {
  const def = processFor(type);
  return def ? (def.typeLabel ?? def.title) : type;
}

/** A task's name on the dashboard and its page; null for a task type no process has. */
export function taskTypeLabel(type: string): string | null {
  defined();
  return taskTypes.get(type)?.definition.label ?? null;
}

export function timelineEntry(type: string): TimelineEntryDefinition | undefined {
  defined();
  return timelineEntries.get(type);
}

/** The label of a timeline entry; an unknown type reads as a sentence ('SOME_THING' → 'Some thing'). */
export function requestActionLabel(type: string): string {
  const entry = timelineEntry(type);
  if (entry) return entry.label;
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "<label> by <submitter>", or the label alone for system entries (no submitter). */
export function requestActionHeading(entry: { type: string; submitter: string | null }): string {
  return entry.submitter ? `${requestActionLabel(entry.type)} by ${entry.submitter}` : requestActionLabel(entry.type);
}

/** Where a work item links: its task page when its request is of a process the service runs (spec §2), else nowhere. */
export function taskLink(item: { taskId: number; requestType: string }): string | null {
  return processFor(item.requestType) ? `/tasks/${item.taskId}` : null;
}

// ---------------------------------------------------------------------------------------------
// Documents and MI reports

/**
 * What a snapshot entry (what was submitted or decided) shows, on the request page and in its
 * document: its process's report answers, section by section, or the process's own summary.
 */
export function snapshotSections(requestType: string, actionType: string, details: unknown): DocumentSection[] {
  const def = processFor(requestType);
  if (def?.report)
    return reportAnswers(def.report, reportDraftOf(details).report, {}).map((s) => ({
      title: s.title,
      rows: s.rows.map((r) => ({ key: r.key, value: r.value })),
    }));
  return def?.summary?.(actionType, details) ?? [];
}

/** The submitted-data MI reports, in the order of the processes. */
export function submittedDataReports(): (SubmittedDataDefinition & { requestType: string })[] {
  return registeredProcesses().flatMap((p) =>
    p.submittedData ? [{ ...p.submittedData, requestType: p.requestType }] : [],
  );
}

export function submittedDataReport(
  reportType: string,
): (SubmittedDataDefinition & { requestType: string }) | undefined {
  return submittedDataReports().find((r) => r.reportType === reportType);
}
