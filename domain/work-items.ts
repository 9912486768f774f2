// Work items (open tasks) as the lists return them and the dashboard shows them (spec §2, §3).
export const workItemLists = ['assigned-to-me', 'assigned-to-others', 'unassigned'] as const;
export type WorkItemList = (typeof workItemLists)[number];

export const accountTypes = ['ORGANISATION'] as const;
export type AccountType = (typeof accountTypes)[number];

export interface WorkItem {
  taskId: number;
  taskType: string;
  taskAssignee: { firstName: string; lastName: string } | null;
  daysRemaining: number | null;
  requestId: string;
  requestType: string;
  accountId: number | null;
  accountName: string | null;
  accountRegistrationNumber: string | null;
  accountOrganisationId: string | null;
  isNew: boolean;
}

export interface WorkItemPage {
  items: WorkItem[];
  totalItems: number;
}

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
