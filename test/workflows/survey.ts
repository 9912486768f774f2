// The test-only survey (test/processes/survey.ts) on the engine: the program every report's
// submission takes.
import { runRequest } from '../../engine/request-engine';
import { reportTaskProgram } from '../../engine/report-submission';
import type { RequestInput } from '../../domain/request-messages';
import { CANCEL_SURVEY, SURVEY_SUBMIT, SURVEY_SUBMITTED, surveyProcess } from '../processes/survey';

export async function testSurvey(input: RequestInput): Promise<string> {
  return runRequest(
    input,
    surveyProcess,
    reportTaskProgram(input, surveyProcess, {
      type: SURVEY_SUBMIT,
      cancel: CANCEL_SURVEY,
      submitted: SURVEY_SUBMITTED,
    }),
  );
}
