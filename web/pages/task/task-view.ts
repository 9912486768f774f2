// The task page's data as GET /tasks/{id} returns it.
export interface TaskView {
  requestInfo: { id: string; type: string; status: string; accountName: string | null; accountOrganisationId: string | null };
  requestTask: {
    id: number;
    type: string;
    payload: Record<string, unknown>;
    version: number;
    assignee: { userId: string; firstName: string; lastName: string } | null;
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
}

export interface Candidate {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
}
