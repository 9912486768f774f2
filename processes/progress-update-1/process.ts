// PROGRESS_UPDATE_1_P3 (reference workflows §9.1, start rules §5): an Advanced user updates the
// submitted action plan's measures and adds others, then submits, or cancels. An undertaking that
// left the group which notified starts it as disaggregated, without an action plan; anyone else
// needs a submitted action plan to start from (reference quirk 2 fixed: the real service would let
// them start and then fail). A regulator may return it for changes until progress update 2 is under
// way. Due on 5 December 2025 (ours: the real service keeps no due date).
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
import { PROGRESS_UPDATE_2 } from '../progress-update-2/codes';
import { progressUpdate1Report } from './report';
import { progressUpdate1Start } from './start';
import {
  CANCEL_PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_1_SUBMIT,
  PROGRESS_UPDATE_1_SUBMITTED,
  REINITIATE_PROGRESS_UPDATE_1,
  SAVE_PROGRESS_UPDATE_1,
  SUBMIT_PROGRESS_UPDATE_1,
} from './codes';

/** The phase it serves. */
const PHASE = 3;

export const progressUpdate1Process = defineProcess({
  requestType: PROGRESS_UPDATE_1,
  workflowType: 'progressUpdate1P3',
  id: { prefix: 'PU1', suffix: '-P3' },
  category: 'REPORTING',
  title: `${phaseTitle(PHASE)} Progress Update 1`,
  name: 'Progress Update 1',
  // Reference details §B, in our own words.
  about: [
    'Progress updates are required, and you can submit one only once the action plan has been submitted in this service.',
    'Submit one if your organisation is the responsible undertaking that submitted an action plan under this account, or if it left its group after the action plan and now complies alone under a new account.',
    'It asks which measures of the action plan, and which new measures, were implemented. Each needs the energy reduction for 6 December 2024 to 5 December 2025; the reduction for 6 December 2023 to 5 December 2024 is optional.',
    'The Environment Agency publishes progress updates. Only the responsible undertaking completes and submits it, and your answers are saved as you go.',
  ],
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_EXECUTE_TASK',
    input: progressUpdateCreatePayload,
    // The phase's (domain/phases.ts; ESOS_PHASES may change them, api/process-settings.ts).
    windows: seededPhase(PHASE).reports.progressUpdate1.windows ?? undefined,
    rule: ({ statuses, inWindow }) => {
      if (activeStatus(statuses[PROGRESS_UPDATE_1])) return { valid: false, requests: [PROGRESS_UPDATE_1] };
      if (!inWindow) return { valid: false };
      if (statuses[ACTION_PLAN] === 'IN_PROGRESS') return { valid: false, requests: [ACTION_PLAN] };
      if (activeStatus(statuses[PROGRESS_UPDATE_2])) return { valid: false, requests: [PROGRESS_UPDATE_2] };
      // No action plan to start from: only as a disaggregated undertaking.
      if (absent(statuses[ACTION_PLAN])) return { valid: true, requests: [ACTION_PLAN] };
      return { valid: true };
    },
    admits: (input, availability) =>
      (input as ProgressUpdateCreate).isDisaggregateUndertaking || !availability.requests?.includes(ACTION_PLAN),
    disaggregated: true,
  },
  ...submittedReportProcess({
    name: 'Progress Update 1',
    stem: 'PROGRESS_UPDATE_1',
    report: progressUpdate1Report,
    task: PROGRESS_UPDATE_1_SUBMIT,
    actions: {
      save: SAVE_PROGRESS_UPDATE_1,
      submit: SUBMIT_PROGRESS_UPDATE_1,
      cancel: CANCEL_PROGRESS_UPDATE_1,
      reinitiate: REINITIATE_PROGRESS_UPDATE_1,
      submitted: PROGRESS_UPDATE_1_SUBMITTED,
      window: { code: 'PU11002', message: 'Invalid Submission Date' },
      invalid: { code: 'PU11003', message: 'Invalid Progress Update 1' },
    },
    texts: submittedTexts('progress update 1', 'Progress Update 1 sent to regulator'),
    phase: { number: PHASE, report: 'progressUpdate1' },
    blockedBy: (statuses) => activeStatus(statuses[PROGRESS_UPDATE_2]),
    submittedData: {
      fileName: 'PU1_Report_Public_Data_Phase_3.xlsx',
      id: 'PU1',
      related: { requestType: ACTION_PLAN, id: 'AP' },
      sheets: [['Progress Update 1', []]],
    },
  }),
  // Reference workflows §9.2: the submitted action plan's measures, classified by its submission day.
  startsFrom: {
    requestType: ACTION_PLAN,
    missing: { code: 'PU11001', message: 'Action plan submission date does not exist' },
    build: (actionPlan, submittedOn, newId) => progressUpdate1Start(actionPlan, submittedOn, newId),
  },
});
