// RFI, the request for information (reference workflows §12, rfi.bpmn, dormant in the real ESOS
// service; here the regulators' compliance notice): a regulator of the account's authority writes
// questions with a deadline and files and sends them; the operator's administrators answer with text
// and files by the deadline (reminded 7 days and 1 day before) while the regulator waits and may
// cancel; a response goes to the regulator to read, and a deadline passed without one ends the
// request EXPIRED with a task for the regulator to decide what follows.
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import type { ActionRefusal, CancelWords, TaskActionDefinition } from '../../domain/process-definition';
import { UUID } from '../../domain/files';
import {
  RFI,
  RFI_APPLICATION_SUBMIT,
  RFI_CANCEL,
  RFI_CANCELLED,
  RFI_EXPIRED,
  RFI_NEXT_STEPS,
  RFI_NEXT_STEPS_DECIDED,
  RFI_NEXT_STEPS_SUBMIT,
  RFI_REMOVE_ATTACHMENT,
  RFI_RESPONSE,
  RFI_RESPONSE_REVIEW,
  RFI_RESPONSE_REVIEW_COMPLETED,
  RFI_RESPONSE_REVIEWED,
  RFI_RESPONSE_SUBMIT,
  RFI_RESPONSE_SUBMITTED,
  RFI_SUBMIT,
  RFI_SUBMITTED,
  RFI_WAIT_FOR_RESPONSE,
} from './codes';
import {
  deadlineProblem,
  rfiNextStepsSchema,
  rfiResponseSchema,
  rfiSubmitSchema,
  rfiSummary,
  type RfiSubmitPayload,
} from './request';
import { responseTaskEmail } from './emails';

/** A sent request for information: cancelling it keeps the request and its timeline, status Cancelled. */
const sentRfiCancelWords: CancelWords = {
  link: 'Cancel this request for information',
  heading: 'Are you sure you want to cancel this request for information?',
  body: 'The organisation will no longer be asked to respond: its task to respond is removed. The request, what was sent and its timeline are kept, with the status Cancelled.',
  button: 'Yes, cancel this request',
  done: 'Request for information cancelled',
  doneBody:
    'The organisation no longer has a task to respond. The request stays on the account with the status Cancelled.',
};

const regulatorTask = { roleType: 'REGULATOR', view: 'PERM_RFI_SUBMIT', execute: 'PERM_RFI_SUBMIT' } as const;

/**
 * The deadline must be after today (the UK day). Today by the real clock, not the reporting clock
 * (`ctx.now`, which dates submissions): the response task's timers wait for the real moment.
 */
async function deadlineInFuture(_draft: Record<string, unknown>, input: unknown): Promise<ActionRefusal | null> {
  const message = deadlineProblem((input as RfiSubmitPayload).deadline, new Date());
  return message ? { code: 'FORM_VALIDATION', message, violations: [{ path: 'deadline', message }] } : null;
}

/** Takes one of the task's uploads off it (the uploads themselves come through RFI_UPLOAD_ATTACHMENT). */
const removeAttachment: TaskActionDefinition = {
  kind: 'SAVE',
  input: v.object({ uuid: v.pipe(v.string('uuid must be a file uuid'), v.regex(UUID, 'uuid must be a file uuid')) }),
  apply: (draft, input) => {
    const { [(input as { uuid: string }).uuid.toLowerCase()]: _removed, ...kept } = (draft.attachments ?? {}) as Record<
      string,
      string
    >;
    return { draft: { ...draft, attachments: kept } };
  },
};

export const requestForInformationProcess = defineProcess({
  requestType: RFI,
  home: 'request-for-information',
  workflowType: 'requestForInformation',
  // Any number per account: RFI000042-1, RFI000042-2 …
  id: { prefix: 'RFI', numbered: true },
  category: 'PERMIT',
  title: 'Request for information',
  name: 'Request for information',
  about: [
    'Ask the organisation for information by a deadline, for example before a compliance or enforcement notice. Its administrators are reminded 7 days and 1 day before the deadline.',
  ],
  create: {
    roleType: 'REGULATOR',
    permission: 'PERM_RFI_SUBMIT',
    input: v.object({}),
    rule: () => ({ valid: true }),
    button: 'Start request for information',
    fromTask: {
      heading: 'Ask the organisation',
      link: 'Send a request for information',
      failure: 'The request for information could not be started',
    },
  },
  tasks: {
    [RFI_APPLICATION_SUBMIT]: {
      label: 'Request for information',
      ...regulatorTask,
      page: {
        kind: 'form',
        name: 'rfi-submit',
        actions: { submit: RFI_SUBMIT, cancel: RFI_CANCEL, removeFile: RFI_REMOVE_ATTACHMENT },
      },
      actions: {
        [RFI_REMOVE_ATTACHMENT]: removeAttachment,
        [RFI_SUBMIT]: { kind: 'TRANSITION', input: rfiSubmitSchema, check: deadlineInFuture },
        [RFI_CANCEL]: { kind: 'TRANSITION', input: v.object({}), timeline: RFI_CANCELLED },
      },
    },
    [RFI_RESPONSE]: {
      label: 'Respond to request for information',
      roleType: 'OPERATOR',
      view: 'PERM_RFI_RESPONSE_VIEW_TASK',
      execute: 'PERM_RFI_RESPONSE_EXECUTE_TASK',
      page: {
        kind: 'form',
        name: 'rfi-response',
        actions: { submit: RFI_RESPONSE_SUBMIT, removeFile: RFI_REMOVE_ATTACHMENT },
      },
      assignedEmail: responseTaskEmail,
      actions: {
        [RFI_REMOVE_ATTACHMENT]: removeAttachment,
        [RFI_RESPONSE_SUBMIT]: { kind: 'TRANSITION', input: rfiResponseSchema },
      },
    },
    [RFI_WAIT_FOR_RESPONSE]: {
      label: 'Wait for response to request for information',
      ...regulatorTask,
      page: { kind: 'form', name: 'rfi-wait', actions: { cancel: RFI_CANCEL }, cancelWords: sentRfiCancelWords },
      actions: { [RFI_CANCEL]: { kind: 'TRANSITION', input: v.object({}), timeline: RFI_CANCELLED } },
    },
    [RFI_RESPONSE_REVIEW]: {
      label: 'Review response to request for information',
      ...regulatorTask,
      page: { kind: 'form', name: 'rfi-review', actions: { complete: RFI_RESPONSE_REVIEWED } },
      actions: {
        [RFI_RESPONSE_REVIEWED]: { kind: 'TRANSITION', input: v.object({}), timeline: RFI_RESPONSE_REVIEW_COMPLETED },
      },
    },
    [RFI_NEXT_STEPS]: {
      label: 'Decide next steps',
      ...regulatorTask,
      page: { kind: 'form', name: 'rfi-next-steps', actions: { submit: RFI_NEXT_STEPS_SUBMIT } },
      actions: {
        [RFI_NEXT_STEPS_SUBMIT]: { kind: 'TRANSITION', input: rfiNextStepsSchema, timeline: RFI_NEXT_STEPS_DECIDED },
      },
    },
  },
  timeline: {
    // The reference's label (the SPA's RFI_SUBMITTED).
    [RFI_SUBMITTED]: {
      label: 'Request for information sent',
      snapshot: true,
      document: 'Request for information sent',
      documentCopy: 'the request for information',
      // What the organisation must do is in the response task's own e-mail.
      documentSent: "The organisation's administrators are given a task to respond by the deadline in the document.",
    },
    [RFI_RESPONSE_SUBMITTED]: {
      label: 'Request for information response submitted',
      snapshot: true,
      document: 'Response submitted',
      documentFileWord: 'response',
      documentToStarter: true,
    },
    [RFI_CANCELLED]: { label: 'Request for information cancelled' },
    [RFI_EXPIRED]: { label: 'Request for information expired' },
    [RFI_RESPONSE_REVIEW_COMPLETED]: { label: 'Request for information response reviewed' },
    [RFI_NEXT_STEPS_DECIDED]: { label: 'Next steps decided', snapshot: true },
  },
  summary: rfiSummary,
});
