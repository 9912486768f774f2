// Work items (open tasks) as the lists return them and the dashboard shows them (spec §2, §3).
import * as v from 'valibot';

export const workItemLists = ['assigned-to-me', 'assigned-to-others', 'unassigned'] as const;
export type WorkItemList = (typeof workItemLists)[number];

export const accountTypes = ['ORGANISATION'] as const;
export type AccountType = (typeof accountTypes)[number];

/** An open task as the work-item lists answer it. */
export const workItemSchema = v.object({
  taskId: v.number(),
  taskType: v.string(),
  taskAssignee: v.nullable(v.object({ firstName: v.string(), lastName: v.string() })),
  daysRemaining: v.nullable(v.number()),
  requestId: v.string(),
  requestType: v.string(),
  accountId: v.nullable(v.number()),
  accountName: v.nullable(v.string()),
  accountRegistrationNumber: v.nullable(v.string()),
  accountOrganisationId: v.nullable(v.string()),
  isNew: v.boolean(),
});
export type WorkItem = v.InferOutput<typeof workItemSchema>;

export const workItemPageSchema = v.object({ items: v.array(workItemSchema), totalItems: v.number() });
export type WorkItemPage = v.InferOutput<typeof workItemPageSchema>;

/** Page size of the dashboard (spec §9); the API receives page - 1. */
export const DASHBOARD_PAGE_SIZE = 10;
/** Largest page the API serves. */
export const MAX_PAGE_SIZE = 100;
/** Largest page number (zero-based) the API accepts: far past any list, and the offset stays small. */
export const MAX_PAGE_NUMBER = 1_000_000;

/** 'first last', or the last name alone when there is no first name. */
export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return person.firstName ? `${person.firstName} ${person.lastName ?? ''}`.trim() : (person.lastName ?? '');
}

/** A number when positive, 'Overdue' when zero or less, empty when there is no due date. */
export function daysRemainingText(days: number | null | undefined): string {
  if (days === null || days === undefined) return '';
  return days > 0 ? String(days) : 'Overdue';
}

/** Shown when a task has no name: the second part of the request id split at the dash. */
export function requestIdFallback(requestId: string): string {
  return requestId.split('-')[1] ?? '';
}
