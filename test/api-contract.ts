// The contract check: the API description (api/openapi.ts) against the answers the API really gave
// in a test run (recorded by test/api-answers.ts). Every status a route answered must be documented,
// and every documented status must have been seen or be justified below; every success body must
// fit its route's response schema. `npm test` runs it after
// a whole run; after a part of one: `ESOS_API_ANSWERS=DIR npm test -- api/routes/` then
// `node --import tsx test/api-contract.ts DIR`.
import { apiRouteTables } from '../api/app';
import { documentedStatuses } from '../api/openapi';
import { routeKey } from '../api/routing';
import { readAnswers, type RecordedAnswers } from './api-answers';

/**
 * Documented answers no test provokes, each with why it is documented all the same. A key is
 * `METHOD /route status`, or `* status` for a reason that holds on every route.
 */
export const justified: Record<string, string> = {
  '* 413':
    "Only multipart routes document it: api/multipart.ts reads every form and answers 413 over the route's limit, the same code for each route; api/routes/regulator-users.test.ts and request-notes.test.ts provoke it.",
  '* 415':
    'Only multipart routes document it: api/multipart.ts answers 415 for a body that is not multipart/form-data, the same code for each route; api/routes/request-notes.test.ts provokes it.',
  'GET /v1.0/organisation/accounts 403':
    'Open to every role type: only a caller whose every authority is disabled is refused (api/routing.ts), a case route-access tests on other routes.',
  'GET /v1.0/organisation/account/:id 403':
    'Open to every role type: only a caller whose every authority is disabled is refused (api/routing.ts), a case route-access tests on other routes.',
  'GET /v1.0/:accountType/items/assigned-to-me 400':
    'The three work-item lists are one handler (api/routes/work-items.ts); its paging 400 is tested on the other two.',
  'GET /v1.0/:accountType/items/assigned-to-others 400':
    'The three work-item lists are one handler (api/routes/work-items.ts); its paging 400 is tested on the unassigned list.',
  'GET /v1.0/compliance/rfi-batches/check 400':
    'The list query of /compliance/chases/check and /compliance/accounts (complianceListSchema, one validate call), whose 400s api/routes/compliance.test.ts provokes.',
  'POST /v1.0/requests/workflows 403':
    'A search sent by POST, so refused like every action until the latest terms are accepted (api/routing.ts), which api/routes/users.test.ts tests on another route; it is open to every role.',
  'GET /v1.0/file-documents/:token 404':
    'One download handler serves the three file routes (api/routes/file-downloads.ts); a token for a missing file is tested on /file-attachments.',
  'POST /v1.0/task-attachments/upload 409':
    'The task was completed or reassigned between the access check and the write: a race no test can time.',
  'POST /v1.0/tasks-assignment/assign 403':
    'A caller who may see the task but not assign it: assertMayAssign (api/routes/tasks-assignment.ts), whose 403 route-access provokes on candidate-assignees and release.',
  'POST /v1.0/tasks-assignment/assign 404':
    'A task the caller may not see: viewableTask, whose 404 route-access provokes on candidate-assignees and release.',
  'POST /v1.0/compliance/chases 201':
    'Starting a chase starts a Temporal workflow, which the API harness does not run; e2e/compliance.test.ts starts one in the browser and follows it.',
  'POST /v1.0/users/security-setup/2fa/request-change 204':
    'Tested in api/auth/sessions.test.ts, which runs the web process as a child (test/identity-harness.ts), outside the recorded harness.',
};

/** The reasons above whose answer the API description no longer documents (a route renamed or dropped). */
export function staleJustifications(): string[] {
  const documented = new Set(
    apiRouteTables.flatMap(({ prefix, routes }) =>
      routes.flatMap((route) => documentedStatuses(route).map((status) => `${routeKey(prefix, route)} ${status}`)),
    ),
  );
  return Object.keys(justified).filter((answer) => !answer.startsWith('* ') && !documented.has(answer));
}

export interface ContractReport {
  /** Answers a route gave that the description does not document. */
  undocumented: string[];
  /** Documented answers no test saw and no reason justifies. */
  unseen: string[];
  /** Success answers whose body their route's response schema refuses: route, status and the first problems. */
  mismatches: string[];
}

export function checkContract({ all, everyRun, mismatches = [] }: RecordedAnswers): ContractReport {
  const undocumented: string[] = [];
  const unseen: string[] = [];
  const documented = new Set<string>();
  for (const { prefix, routes } of apiRouteTables) {
    for (const route of routes) {
      const key = routeKey(prefix, route);
      for (const status of documentedStatuses(route)) {
        const answer = `${key} ${status}`;
        documented.add(answer);
        if (!everyRun.has(answer) && !justified[answer] && !justified[`* ${status}`]) unseen.push(answer);
      }
    }
  }
  // 500 and 503 are the `default` answer every route documents.
  for (const answer of all) if (!documented.has(answer) && !/ 50[03]$/.test(answer)) undocumented.push(answer);
  return { undocumented: undocumented.sort(), unseen: unseen.sort(), mismatches };
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node --import tsx test/api-contract.ts DIR-OF-RECORDED-ANSWERS');
  const { undocumented, unseen, mismatches } = checkContract(readAnswers(dir));
  for (const m of mismatches) console.error(`answered a body its response schema refuses: ${m}`);
  for (const a of undocumented) console.error(`answered but not in the API description: ${a}`);
  for (const a of unseen)
    console.error(
      `in the API description but never answered in the tests (test it, or justify it in test/api-contract.ts): ${a}`,
    );
  console.log(
    undocumented.length + unseen.length + mismatches.length === 0
      ? 'API contract: every answer documented, every documented answer seen or justified, every body as described'
      : `API contract: ${undocumented.length} undocumented, ${unseen.length} unseen, ${mismatches.length} bodies not as described`,
  );
  process.exit(undocumented.length + unseen.length + mismatches.length === 0 ? 0 : 1);
}
