// RFI on the engine (reference workflows §12, rfi.bpmn). The regulator who started it writes the
// questions and the deadline (with files) and sends them, or cancels. Then the operator's response
// task runs until the deadline beside the regulator's waiting task: the first transition on either
// ends both — a response goes to the regulator to read (COMPLETED), a cancellation ends it
// (CANCELLED) — and the deadline passing ends them with no transition: EXPIRED, after the regulator
// has decided the next steps. The response task's reminders (7 and 1 days before) are the engine's
// durable notices, sent once each (engine/task-notices.ts).
import { requestForInformationProcess } from './process';
import {
  RFI_APPLICATION_SUBMIT,
  RFI_CANCEL,
  RFI_EXPIRED,
  RFI_NEXT_STEPS,
  RFI_RESPONSE,
  RFI_RESPONSE_REVIEW,
  RFI_RESPONSE_SUBMITTED,
  RFI_SUBMITTED,
  RFI_WAIT_FOR_RESPONSE,
} from './codes';
import { rfiDeadline, type SentRequest } from './request';
import { patched } from '@temporalio/workflow';
import { runRequest } from '../../engine/request-engine';
import type { PresetRequest } from './batch';
import { fileSubmissionDocument } from '../../engine/submission-document';
import { dateValueToIso, type DateValue } from '../../domain/validation/dates';
import type { RequestInput } from '../../domain/request-messages';

const attachmentsOf = (draft: Record<string, unknown>) => (draft.attachments ?? {}) as Record<string, string>;

export async function requestForInformation(input: RequestInput): Promise<string> {
  return runRequest(input, requestForInformationProcess, async (ctx) => {
    // Sent to a compliance list (processes/request-for-information/batch.ts): the questions were
    // written once for every organisation and are sent at once, in the name of who wrote them.
    const preset = input.payload?.preset as PresetRequest | undefined;
    let sent: SentRequest;
    if (preset && input.startedBy && patched('rfi-preset-request')) {
      sent = { questions: preset.questions, deadline: preset.deadline, attachments: {} };
      await ctx.recordAction(RFI_SUBMITTED, sent, input.startedBy);
    } else {
      const written = await ctx.userTask({ taskType: RFI_APPLICATION_SUBMIT });
      if (written.actionType === RFI_CANCEL) return 'CANCELLED';
      const { questions, deadline } = written.input as { questions: string; deadline: DateValue };
      sent = { questions, deadline: dateValueToIso(deadline)!, attachments: attachmentsOf(written.draft) };
      await ctx.recordAction(RFI_SUBMITTED, sent, written.by);
    }
    await fileSubmissionDocument(input.requestId, RFI_SUBMITTED);

    const waiting = await ctx.openTask({ taskType: RFI_WAIT_FOR_RESPONSE, draft: { request: sent } });
    const answered = await ctx.userTaskUntilDue(
      { taskType: RFI_RESPONSE, draft: { request: sent }, deadline: rfiDeadline(sent.deadline) },
      [waiting],
    );
    if (answered === null) {
      await ctx.recordAction(RFI_EXPIRED, null, null);
      await ctx.userTask({ taskType: RFI_NEXT_STEPS, draft: { request: sent } });
      return 'EXPIRED';
    }
    if (answered.actionType === RFI_CANCEL) return 'CANCELLED';
    const response = {
      response: (answered.input as { response: string }).response,
      attachments: attachmentsOf(answered.draft),
    };
    await ctx.recordAction(RFI_RESPONSE_SUBMITTED, response, answered.by);
    await fileSubmissionDocument(input.requestId, RFI_RESPONSE_SUBMITTED);
    await ctx.userTask({ taskType: RFI_RESPONSE_REVIEW, draft: { request: sent, response } });
    return 'COMPLETED';
  });
}
