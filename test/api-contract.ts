// The contract check: the API description (api/openapi.ts) against the answers the API really gave
// in a test run (recorded by test/api-answers.ts). Every status a route answered must be documented,
// and every documented status must have been seen or be justified below. `npm test` runs it after
// a whole run; after a part of one: `ESOS_API_ANSWERS=DIR npm test -- api/` then
// `node --import tsx test/api-contract.ts DIR`.
import { apiRouteTables } from '../api/app';
import { documentedStatuses } from '../api/openapi';
import { routeKey } from '../api/routing';
import { readAnswers } from './api-answers';

/**
 * Documented answers no test provokes, each with why it is documented all the same. A key is
 * `METHOD /route status`, or `* status` for a reason that holds on every route.
 */
export const justified: Record<string, string> = {};

export interface ContractReport {
  /** Answers a route gave that the description does not document. */
  undocumented: string[];
  /** Documented answers no test saw and no reason justifies. */
  unseen: string[];
}

export function checkContract(seen: Set<string>): ContractReport {
  const undocumented: string[] = [];
  const unseen: string[] = [];
  const documented = new Set<string>();
  for (const { prefix, routes } of apiRouteTables) {
    for (const route of routes) {
      const key = routeKey(prefix, route);
      for (const status of documentedStatuses(route)) {
        const answer = `${key} ${status}`;
        documented.add(answer);
        if (!seen.has(answer) && !justified[answer] && !justified[`* ${status}`]) unseen.push(answer);
      }
    }
  }
  // 500 and 503 are the `default` answer every route documents.
  for (const answer of seen) if (!documented.has(answer) && !/ 50[03]$/.test(answer)) undocumented.push(answer);
  return { undocumented: undocumented.sort(), unseen: unseen.sort() };
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node --import tsx test/api-contract.ts DIR-OF-RECORDED-ANSWERS');
  const { undocumented, unseen } = checkContract(readAnswers(dir));
  for (const a of undocumented) console.error(`answered but not in the API description: ${a}`);
  for (const a of unseen) console.error(`in the API description but never answered in the tests (test it, or justify it in test/api-contract.ts): ${a}`);
  console.log(undocumented.length + unseen.length === 0 ? 'API contract: every answer documented, every documented answer seen or justified' : `API contract: ${undocumented.length} undocumented, ${unseen.length} unseen`);
  process.exit(undocumented.length + unseen.length === 0 ? 0 : 1);
}
