// Processes register themselves here when their module is imported (domain/processes/index.ts
// imports the product's; tests import their own). Lookups serve the API and workflow validators.
import { taskAccess } from './task-access';
import type { Availability, ProcessDefinition, StartFacts, TaskAccess, TaskTypeDefinition } from '../domain/process-definition';

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

export function defineProcess<P extends ProcessDefinition>(definition: P): P {
  const existing = processes.get(definition.requestType);
  if (existing && existing !== definition) throw new Error(`Process ${definition.requestType} is defined twice`);
  processes.set(definition.requestType, definition);
  for (const [type, task] of Object.entries(definition.tasks)) taskTypes.set(type, { process: definition, definition: task });
  return definition;
}

export function processFor(requestType: string): ProcessDefinition | undefined {
  return processes.get(requestType);
}

export function registeredProcesses(): ProcessDefinition[] {
  return [...processes.values()];
}

/** The process a task type belongs to. */
export function processOfTask(taskType: string): ProcessDefinition | undefined {
  return taskTypes.get(taskType)?.process;
}

export function taskDefinition(taskType: string): TaskTypeDefinition | undefined {
  return taskTypes.get(taskType)?.definition;
}

/** Role and permissions of a task type: from its process when registered, else the scheme's table. */
export function accessFor(taskType: string): TaskAccess | undefined {
  return taskTypes.get(taskType)?.definition ?? (taskAccess as Record<string, TaskAccess>)[taskType];
}

/** Every task type the lists may show. */
export function knownTaskTypes(): string[] {
  return [...new Set([...Object.keys(taskAccess), ...taskTypes.keys()])];
}
