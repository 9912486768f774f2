// Sending a request for information to a compliance list's organisations (issue 30): the check
// page's facts, starting the batch's workflow, and its progress. The starts themselves are the
// workflow's (processes/request-for-information/batch-workflow.ts, batch-activities.ts).
import type { AppDeps } from '../deps';
import type { CompetentAuthority } from '../../domain/authorities';
import type { Actor } from '../../domain/request-messages';
import type { ComplianceList } from '../../domain/compliance';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { complianceListAccounts, complianceReport } from './overview';
import { batchOutcomes, startBatch } from './batches';
import { deadlineProblem } from '../../processes/request-for-information/request';
import { dateValueToIso } from '../../domain/validation/dates';
import {
  RFI_BATCH_MAX,
  rfiBatchWorkflowId,
  type RfiBatchCheck,
  type RfiBatchOutcome,
  type RfiBatchProgress,
  type RfiBatchStart,
} from '../../processes/request-for-information/batch';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export async function rfiBatchCheck(deps: Deps, ca: CompetentAuthority, list: ComplianceList): Promise<RfiBatchCheck> {
  const def = complianceReport(list.requestType);
  const organisations = await complianceListAccounts(deps.db, deps.config, ca, list);
  if (organisations.length > RFI_BATCH_MAX)
    throw badRequest(`A request for information can be sent to at most ${RFI_BATCH_MAX} organisations at once`);
  return { list, reportName: def.name ?? def.title, count: organisations.length, organisations };
}

/** Starts a batch for the list as the check page showed it (`expected` organisations); its id. */
export async function startRfiBatch(
  deps: AppDeps,
  ca: CompetentAuthority,
  by: Actor,
  start: RfiBatchStart,
): Promise<number> {
  // The deadline is after today by the real clock, as on the request's own page.
  const problem = deadlineProblem(start.deadline, new Date());
  if (problem) throw new ApiError(400, 'FORM_VALIDATION', problem, 'deadline');
  const check = await rfiBatchCheck(deps, ca, start.list);
  if (check.count !== start.expected)
    throw conflict(
      'RFI_LIST_CHANGED',
      'The list has changed since you checked it. Check who will be sent the request again.',
    );
  return startBatch(
    deps,
    'rfi_batches',
    {
      competent_authority: ca,
      list: JSON.stringify(start.list),
      account_ids: check.organisations.map((o) => o.accountId),
      questions: start.questions,
      deadline: dateValueToIso(start.deadline),
      created_by: by.userId,
      created_by_name: by.fullName,
    },
    (id) => ({ type: 'rfiBatch', workflowId: rfiBatchWorkflowId(id), args: [{ batchId: id, by }] }),
  );
}

export async function rfiBatchProgress(
  db: AppDeps['db'],
  ca: CompetentAuthority,
  id: number,
): Promise<RfiBatchProgress> {
  const batch = await db('rfi_batches')
    .where({ id, competent_authority: ca })
    .first('*', db.raw('deadline::text as deadline'));
  if (!batch) throw notFound('Request for information batch not found');
  const { total, counts, rows } = await batchOutcomes<RfiBatchOutcome, { request_id: string | null }>(
    db,
    { table: 'rfi_batch_requests', batch: 'batch_id', undecided: 'STARTING' },
    id,
    batch.account_ids,
    ['STARTED', 'NOT_LIVE', 'ALREADY_OPEN', 'NOT_STARTED'],
    'o.request_id',
  );
  const list = batch.list as ComplianceList;
  const def = complianceReport(list.requestType);
  return {
    id,
    reportName: def.name ?? def.title,
    questions: batch.questions,
    deadline: batch.deadline,
    total,
    counts,
    done: !!batch.completed_at,
    createdAt: new Date(batch.created_at).toISOString(),
    createdBy: batch.created_by_name,
    organisations: rows.map((r) => ({
      accountId: r.id,
      name: r.name,
      outcome: !r.status || r.status === 'STARTING' ? 'PENDING' : (r.status as RfiBatchOutcome),
      requestId: r.status === 'STARTED' ? r.request_id : null,
    })),
  };
}
