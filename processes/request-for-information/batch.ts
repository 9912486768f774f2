// A request for information sent to the organisations of a compliance overview list (issue 30): the
// questions and deadline asked once, then one request per organisation, started by a workflow of
// the batch (batch-workflow.ts). Shared by the API, the worker and the pages.
import * as v from 'valibot';
import { batchProgressSchema, complianceListSchema, listOrganisationSchema } from '../../domain/compliance';
import { rfiSubmitSchema } from './request';

/** The most organisations one batch may send to. */
export const RFI_BATCH_MAX = 2000;

export const rfiBatchSchema = v.object({
  list: complianceListSchema,
  ...rfiSubmitSchema.entries,
  /** How many organisations the check page showed: a list that changed since is refused. */
  expected: v.pipe(
    v.number('expected must be a number'),
    v.integer('expected must be a whole number'),
    v.minValue(1, 'expected must be at least 1'),
    v.maxValue(RFI_BATCH_MAX, `expected must be at most ${RFI_BATCH_MAX}`),
  ),
});
export type RfiBatchStart = v.InferOutput<typeof rfiBatchSchema>;

export const rfiBatchOutcomes = ['STARTED', 'NOT_LIVE', 'ALREADY_OPEN', 'NOT_STARTED'] as const;
export type RfiBatchOutcome = (typeof rfiBatchOutcomes)[number];
export const rfiBatchOutcomeLabels: Record<RfiBatchOutcome | 'PENDING' | 'STARTING', string> = {
  STARTED: 'Request sent',
  NOT_LIVE: 'Not sent: the account is not live',
  ALREADY_OPEN: 'Not sent: a request for information is already open',
  NOT_STARTED: 'Not sent: the request could not be started',
  STARTING: 'Waiting',
  PENDING: 'Waiting',
};

/** GET /compliance/rfi-batches/check. */
export const rfiBatchCheckSchema = v.object({
  list: complianceListSchema,
  reportName: v.string(),
  count: v.number(),
  organisations: v.array(listOrganisationSchema),
});
export type RfiBatchCheck = v.InferOutput<typeof rfiBatchCheckSchema>;

/** GET /compliance/rfi-batches/{id}. */
/** Each organisation's outcome (the first 1,000 by name) and its request's id once started. */
export const rfiBatchProgressSchema = batchProgressSchema(
  rfiBatchOutcomes,
  { questions: v.string(), deadline: v.string() },
  { requestId: v.nullable(v.string()) },
);
export type RfiBatchProgress = v.InferOutput<typeof rfiBatchProgressSchema>;

/** A batch's workflow id, as the Temporal UI shows it. */
export const rfiBatchWorkflowId = (id: number) => `rfi-batch-${id}`;

/** What the RFI workflow is started with when the questions were written for a batch: it sends them at once. */
export interface PresetRequest {
  questions: string;
  /** 'YYYY-MM-DD'. */
  deadline: string;
}
