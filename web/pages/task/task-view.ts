// The task page's data as GET /tasks/{id} returns it.
export interface TaskView {
  requestInfo: {
    id: string;
    type: string;
    status: string;
    competentAuthority: string | null;
    accountId: number | null;
    accountName: string | null;
    accountOrganisationId: string | null;
    accountRegistrationNumber: string | null;
    creationDate: string;
  };
  requestTask: {
    id: number;
    type: string;
    payload: Record<string, unknown>;
    version: number;
    assignee: { userId: string; firstName: string; lastName: string } | null;
    startDate: string;
    dueDate: string | null;
    daysRemaining: number | null;
  };
  allowedRequestTaskActions: string[];
  userAssignCapable: boolean;
}

export interface TimelineEntry {
  id: number;
  type: string;
  submitter: string | null;
  creationDate: string;
  payload?: unknown;
}

export interface Candidate {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
}
