// What each process must have left behind once the fault run is over: its final status, its timeline
// in order, and the one task of its kind in its history.
import {
  ACTION_PLAN,
  ACTION_PLAN_SUBMIT,
  APPLICATION_REVIEW,
  NOTIFICATION,
  NOTIFICATION_SUBMIT,
  PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_1_SUBMIT,
  PROGRESS_UPDATE_2,
  PROGRESS_UPDATE_2_SUBMIT,
} from '../../processes';

/** What each request's timeline must be, in order, once the run is over. */
export const expectedTimeline: Record<string, string[]> = {
  ORGANISATION_ACCOUNT_OPENING: [
    'ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED',
    'ORGANISATION_ACCOUNT_OPENING_APPROVED',
  ],
  [NOTIFICATION]: ['NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED'],
  [ACTION_PLAN]: ['ACTION_PLAN_P3_APPLICATION_SUBMITTED'],
  [PROGRESS_UPDATE_1]: ['PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED'],
  [PROGRESS_UPDATE_2]: ['PROGRESS_UPDATE_2_P3_APPLICATION_SUBMITTED'],
};

export const expectedStatus: Record<string, string> = {
  ORGANISATION_ACCOUNT_OPENING: 'APPROVED',
  [NOTIFICATION]: 'COMPLETED',
  [ACTION_PLAN]: 'COMPLETED',
  [PROGRESS_UPDATE_1]: 'COMPLETED',
  [PROGRESS_UPDATE_2]: 'COMPLETED',
};

/** The task whose completion moves each request on: its submission (or, for an account, the review). */
export const submitTask: Record<string, string> = {
  ORGANISATION_ACCOUNT_OPENING: APPLICATION_REVIEW,
  [NOTIFICATION]: NOTIFICATION_SUBMIT,
  [ACTION_PLAN]: ACTION_PLAN_SUBMIT,
  [PROGRESS_UPDATE_1]: PROGRESS_UPDATE_1_SUBMIT,
  [PROGRESS_UPDATE_2]: PROGRESS_UPDATE_2_SUBMIT,
};
