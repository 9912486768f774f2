// PROGRESS_UPDATE_1_P3 on the engine (reference workflows §9.1–§9.2): the task starts from the
// submitted action plan's measures (none for a disaggregated undertaking) and ends submitted or cancelled.
import { progressUpdate1Process } from './process';
import { CANCEL_PROGRESS_UPDATE_1, PROGRESS_UPDATE_1_SUBMIT, PROGRESS_UPDATE_1_SUBMITTED } from './codes';
import { runRequest } from '../../engine/request-engine';
import type { RequestInput } from '../../domain/request-messages';
import { reportTaskProgram } from '../../engine/report-submission';

export async function progressUpdate1P3(input: RequestInput): Promise<string> {
  return runRequest(
    input,
    progressUpdate1Process,
    reportTaskProgram(input, progressUpdate1Process, {
      type: PROGRESS_UPDATE_1_SUBMIT,
      cancel: CANCEL_PROGRESS_UPDATE_1,
      submitted: PROGRESS_UPDATE_1_SUBMITTED,
    }),
  );
}
