// PROGRESS_UPDATE_2_P3 (reference workflows §10.1, start rules §5): as progress update 1, starting
// from the submitted progress update 1. Without one, only a disaggregated undertaking starts it. A
// regulator may return it for changes. Due on 5 December 2026 (ours: the real service keeps no due date).
import { defineProcess } from '../../domain/process-registry';
import { phaseTitle, seededPhase } from '../../domain/phases';
import {
  absent,
  activeStatus,
  progressUpdateCreatePayload,
  submittedReportProcess,
  submittedTexts,
  type ProgressUpdateCreate,
} from '../report-task';
import { ACTION_PLAN } from '../action-plan/codes';
import { PROGRESS_UPDATE_1 } from '../progress-update-1/codes';
import { progressUpdate2Report } from './report';
import { progressUpdate2Start } from './start';
import {
  CANCEL_PROGRESS_UPDATE_2,
  PROGRESS_UPDATE_2,
  PROGRESS_UPDATE_2_SUBMIT,
  PROGRESS_UPDATE_2_SUBMITTED,
  REINITIATE_PROGRESS_UPDATE_2,
  SAVE_PROGRESS_UPDATE_2,
  SUBMIT_PROGRESS_UPDATE_2,
} from './codes';

/** The phase it serves. */
const PHASE = 3;

export const progressUpdate2Process = defineProcess({
  requestType: PROGRESS_UPDATE_2,
  workflowType: 'progressUpdate2P3',
  id: { prefix: 'PU2', suffix: '-P3' },
  category: 'REPORTING',
  title: `${phaseTitle(PHASE)} Progress Update 2`,
  name: 'Progress Update 2',
  // Reference details §B, in our own words.
  about: [
    'Two progress updates are required, and neither is possible without a submitted action plan.',
    'Submit this one if your organisation is the responsible undertaking that submitted progress update 1 under this account, or if it left its group after progress update 1 and now complies alone under a new account.',
    'It asks about further measures of the action plan and new measures implemented since progress update 1. Each needs the energy reduction for 6 December 2025 to 5 December 2026; for a measure already reported as implemented in the action plan or progress update 1, that period is optional.',
    'The Environment Agency publishes progress updates. Only the responsible undertaking completes and submits it, and your answers are saved as you go.',
  ],
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_EXECUTE_TASK',
    input: progressUpdateCreatePayload,
    // The phase's (domain/phases.ts; ESOS_PHASES may change them, api/process-settings.ts).
    windows: seededPhase(PHASE).reports.progressUpdate2.windows ?? undefined,
    rule: ({ statuses, inWindow }) => {
      const ap = statuses[ACTION_PLAN];
      const pu1 = statuses[PROGRESS_UPDATE_1];
      if (activeStatus(statuses[PROGRESS_UPDATE_2])) return { valid: false, requests: [PROGRESS_UPDATE_2] };
      if (!inWindow) return { valid: false };
      if (ap === 'IN_PROGRESS' || pu1 === 'IN_PROGRESS' || (ap === 'COMPLETED' && pu1 !== 'COMPLETED'))
        return { valid: false, requests: [PROGRESS_UPDATE_1] };
      // No progress update 1 to start from: only as a disaggregated undertaking.
      if (absent(pu1)) return { valid: true, requests: [PROGRESS_UPDATE_1] };
      // A progress update 1 of a disaggregated undertaking (no action plan): it may start from it.
      if (absent(ap)) return { valid: true, requests: [ACTION_PLAN] };
      return { valid: true };
    },
    admits: (input, availability) =>
      (input as ProgressUpdateCreate).isDisaggregateUndertaking || !availability.requests?.includes(PROGRESS_UPDATE_1),
    disaggregated: true,
  },
  ...submittedReportProcess({
    name: 'Progress Update 2',
    stem: 'PROGRESS_UPDATE_2',
    report: progressUpdate2Report,
    task: PROGRESS_UPDATE_2_SUBMIT,
    actions: {
      save: SAVE_PROGRESS_UPDATE_2,
      submit: SUBMIT_PROGRESS_UPDATE_2,
      cancel: CANCEL_PROGRESS_UPDATE_2,
      reinitiate: REINITIATE_PROGRESS_UPDATE_2,
      submitted: PROGRESS_UPDATE_2_SUBMITTED,
      window: { code: 'PU11002', message: 'Invalid Submission Date' },
      invalid: { code: 'PU21004', message: 'Invalid Progress Update 2' },
    },
    texts: submittedTexts('progress update 2', 'Progress Update 2 sent to regulator'),
    phase: { number: PHASE, report: 'progressUpdate2' },
    // The reference names no label for its cancellation; ours, after Progress Update 1's.
    submittedData: {
      fileName: 'PU2_Report_Public_Data_Phase_3.xlsx',
      id: 'PU2',
      related: { requestType: ACTION_PLAN, id: 'AP' },
      sheets: [['Progress Update 2', []]],
    },
  }),
  // Reference workflows §10.2: progress update 1's measures with their answers.
  startsFrom: {
    requestType: PROGRESS_UPDATE_1,
    missing: { code: 'RESOURCE_NOT_FOUND', message: 'Progress update 1 was not submitted' },
    build: (progressUpdate1, _submittedOn, newId) => progressUpdate2Start(progressUpdate1, newId),
  },
});
