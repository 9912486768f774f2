// PROGRESS_UPDATE_2_P3 on the engine (reference workflows §10.1–§10.2): the task starts from the
// submitted progress update 1 (nothing for a disaggregated undertaking) and ends submitted or cancelled.
import { progressUpdate2Process } from './process';
import { CANCEL_PROGRESS_UPDATE_2, PROGRESS_UPDATE_2_SUBMIT, PROGRESS_UPDATE_2_SUBMITTED } from './codes';
import { runRequest } from '../../engine/request-engine';
import type { RequestInput } from '../../domain/request-messages';
import { reportTaskProgram } from '../../engine/report-submission';

export async function progressUpdate2P3(input: RequestInput): Promise<string> {
  return runRequest(
    input,
    progressUpdate2Process,
    reportTaskProgram(input, progressUpdate2Process, {
      type: PROGRESS_UPDATE_2_SUBMIT,
      cancel: CANCEL_PROGRESS_UPDATE_2,
      submitted: PROGRESS_UPDATE_2_SUBMITTED,
    }),
  );
}
