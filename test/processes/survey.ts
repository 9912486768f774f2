// A process that exists only in the tests: an operator fills in a one-section survey and submits it.
// It is defined here and nowhere else — no product file names it — so the tests that use it show that
// a process gets its dashboard label, timeline, document, MI report and pages from its definition
// alone (processes/registry.test.ts, web/pages/registry.test.tsx). Its program is the one every report's
// submission takes (test/workflows/survey.ts).
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import { submittedTexts } from '../../processes/report-task';
import { reportSaveAction, reportSubmitCheck } from '../../domain/reports/report-actions';
import { longText, yesNo } from '../../domain/reports/common-fields';
import type { ReportDefinition, ReportDraft } from '../../domain/reports/report';

export const SURVEY = 'TEST_SURVEY';
export const SURVEY_SUBMIT = 'TEST_SURVEY_SUBMIT';
export const SAVE_SURVEY = 'TEST_SURVEY_SAVE';
export const SUBMIT_SURVEY = 'TEST_SURVEY_SUBMIT_APPLICATION';
export const CANCEL_SURVEY = 'TEST_SURVEY_CANCEL';
export const SURVEY_SUBMITTED = 'TEST_SURVEY_SUBMITTED';

export const surveyReport: ReportDefinition = {
  name: 'survey',
  groups: [
    {
      title: 'Survey',
      sections: [
        {
          id: 'lighting',
          title: 'Lighting survey',
          steps: [
            {
              id: 'lights',
              title: 'Have all the lights been changed to LED?',
              fields: [
                yesNo(
                  'allLed',
                  'Have all the lights been changed to LED?',
                  'Select yes if all the lights have been changed to LED',
                ),
                longText('notes', 'Anything else about the lighting (optional)'),
              ],
            },
          ],
        },
      ],
    },
  ],
  context: () => ({}),
};

export const surveyProcess = defineProcess({
  requestType: SURVEY,
  workflowType: 'testSurvey',
  id: { prefix: 'SRV', suffix: '-T' },
  category: 'REPORTING',
  title: 'Test lighting survey',
  name: 'Lighting survey',
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
    input: v.object({}),
  },
  tasks: {
    [SURVEY_SUBMIT]: {
      label: 'Submit the lighting survey',
      roleType: 'OPERATOR',
      view: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK',
      execute: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
      page: {
        kind: 'report',
        save: SAVE_SURVEY,
        submit: SUBMIT_SURVEY,
        cancel: CANCEL_SURVEY,
        texts: submittedTexts('survey', 'Survey sent to regulator'),
      },
      actions: {
        [SAVE_SURVEY]: reportSaveAction(surveyReport),
        [SUBMIT_SURVEY]: {
          kind: 'TRANSITION',
          input: v.object({}),
          timeline: SURVEY_SUBMITTED,
          snapshot: true,
          check: reportSubmitCheck(surveyReport, 'SRV1001', 'Invalid survey'),
        },
        [CANCEL_SURVEY]: { kind: 'TRANSITION', input: v.object({}), timeline: 'TEST_SURVEY_CANCELLED' },
      },
    },
  },
  timeline: {
    [SURVEY_SUBMITTED]: { label: 'Lighting survey submitted', snapshot: true, document: 'Submitted' },
    TEST_SURVEY_CANCELLED: { label: 'Lighting survey cancelled' },
  },
  report: surveyReport,
  submittedData: {
    reportType: 'TEST_SURVEY_SUBMITTED_DATA',
    name: 'Lighting survey submitted data',
    slug: 'lighting-survey-submitted-data',
    fileName: 'Lighting_Survey.xlsx',
    contents: 'Contents',
    leading: [
      { heading: 'Survey ID', cell: 'requestId' },
      { heading: 'Organisation name', cell: 'organisationName' },
      { heading: 'Submitted on', cell: 'submittedOn' },
    ],
    sheets: [['Surveys', []]],
  },
});

/** A complete survey, as its submit task's draft. */
export const completeSurvey = (): ReportDraft => ({
  report: { lighting: { allLed: false, notes: 'The warehouse still has sodium lamps' } },
  sectionsCompleted: { lighting: 'COMPLETED' },
});
