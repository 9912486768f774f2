// The task page's data as GET /tasks/{id} returns it, a request's timeline entries and the people a
// task may be assigned to: the types of the API's answers (domain/requests.ts), one source.
export type { Candidate, TaskView, TimelineEntry } from '../../../domain/requests';
