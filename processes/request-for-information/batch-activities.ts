// A request for information batch's steps (issue 30; the workflow is batch-workflow.ts). Each
// organisation's row is written, under a lock on the account's RFI numbers, before its request is
// started: the row reserves the request id, so a step run again answers the same id and the
// workflow — whose child start of that id is in its history once — never starts two. An account's
// request counts as open from the moment any batch reserves it: the check and the reservation are in
// one transaction under that lock, so batches sent at the same time start one request (issue 40).
import type { Db } from '../../infra/db';
import { RFI } from './codes';
import { requestForInformationProcess } from './process';
import { requestIdOf } from '../../domain/process-registry';
import type { PresetRequest, RfiBatchOutcome } from './batch';
import type { Actor, RequestInput } from '../../domain/request-messages';

export interface RfiBatchPlan {
  accountId: number;
  outcome: RfiBatchOutcome | 'STARTING';
  requestId: string | null;
  /** What its request is started with (STARTING only). */
  input: RequestInput | null;
}

const numberOf = (id: string) => Number(id.slice(id.lastIndexOf('-') + 1)) || 0;

export function createRfiBatchActivities(options: { db: Db }) {
  const { db } = options;
  return {
    async rfiBatchAccounts(args: { batchId: number }): Promise<number[]> {
      const batch = await db('rfi_batches').where({ id: args.batchId }).first('account_ids');
      return (batch?.account_ids as number[] | undefined) ?? [];
    },

    /** Decides each organisation's outcome once, reserving the request id of those to start. */
    async planRfiStarts(args: { batchId: number; accountIds: number[]; by: Actor }): Promise<RfiBatchPlan[]> {
      const batch = await db('rfi_batches')
        .where({ id: args.batchId })
        .first('questions', db.raw('deadline::text as deadline'), 'competent_authority');
      const preset: PresetRequest = { questions: batch.questions, deadline: batch.deadline };
      const plans: RfiBatchPlan[] = [];
      for (const accountId of args.accountIds) {
        const row = await db.transaction(async (trx) => {
          // The account's next RFI number is decided by one batch at a time.
          await trx.raw('select pg_advisory_xact_lock(hashtext(?), ?)', ['rfi_request_ids', accountId]);
          const done = await trx('rfi_batch_requests')
            .where({ batch_id: args.batchId, account_id: accountId })
            .first('status', 'request_id');
          if (done) return done as { status: RfiBatchPlan['outcome']; request_id: string | null };
          const account = await trx('accounts').where({ id: accountId }).first('status', 'competent_authority');
          // Open: a request in progress, or one another batch has reserved or started that has not ended
          // (its row in `requests` may not be written yet).
          const open =
            (await trx('requests').where({ account_id: accountId, type: RFI, status: 'IN_PROGRESS' }).first('id')) ??
            (await trx('rfi_batch_requests as r')
              .where({ 'r.account_id': accountId })
              .whereIn('r.status', ['STARTING', 'STARTED'])
              .whereNotExists((q) =>
                q
                  .select(trx.raw('1'))
                  .from('requests as q')
                  .whereRaw('q.id = r.request_id')
                  .whereNot('q.status', 'IN_PROGRESS'),
              )
              .first('r.request_id'));
          const status: RfiBatchPlan['outcome'] =
            account?.status !== 'LIVE' || account.competent_authority !== batch.competent_authority
              ? 'NOT_LIVE'
              : open
                ? 'ALREADY_OPEN'
                : 'STARTING';
          let requestId: string | null = null;
          if (status === 'STARTING') {
            const taken = [
              ...(await trx('requests').where({ account_id: accountId, type: RFI }).pluck('id')),
              ...(await trx('rfi_batch_requests')
                .where({ account_id: accountId })
                .whereNotNull('request_id')
                .pluck('request_id')),
            ] as string[];
            requestId = requestIdOf(requestForInformationProcess, accountId, Math.max(0, ...taken.map(numberOf)) + 1);
          }
          await trx('rfi_batch_requests').insert({
            batch_id: args.batchId,
            account_id: accountId,
            status,
            request_id: requestId,
          });
          return { status, request_id: requestId };
        });
        plans.push({
          accountId,
          outcome: row.status,
          requestId: row.request_id,
          input:
            row.status === 'STARTING'
              ? {
                  requestId: row.request_id!,
                  requestType: RFI,
                  accountId,
                  competentAuthority: batch.competent_authority,
                  startedBy: { ...args.by, roleType: 'REGULATOR' },
                  payload: { preset },
                }
              : null,
        });
      }
      return plans;
    },

    /** Records what became of the starts (STARTED, or NOT_STARTED when the id was taken meanwhile). */
    async recordRfiStarts(args: {
      batchId: number;
      outcomes: Record<number, 'STARTED' | 'NOT_STARTED'>;
    }): Promise<void> {
      for (const [accountId, status] of Object.entries(args.outcomes)) {
        await db('rfi_batch_requests')
          .where({ batch_id: args.batchId, account_id: Number(accountId), status: 'STARTING' })
          .update({ status });
      }
    },

    async finishRfiBatch(args: { batchId: number }): Promise<void> {
      await db('rfi_batches')
        .where({ id: args.batchId })
        .whereNull('completed_at')
        .update({ completed_at: db.fn.now() });
    },
  };
}

export type RfiBatchActivities = ReturnType<typeof createRfiBatchActivities>;
