// The request for information's codes (reference workflows §12, rfi.bpmn): its request type, task
// and action types as the API and the timeline name them. The reference's own action names are kept
// (RFI_SUBMIT, RFI_RESPONSE_SUBMIT, RFI_CANCEL; uploads are RFI_UPLOAD_ATTACHMENT).
export const RFI = 'RFI';

/** Regulator: write the questions and the deadline, attach files, send. */
export const RFI_APPLICATION_SUBMIT = 'RFI_APPLICATION_SUBMIT';
/** Operator: Submit RFI response. */
export const RFI_RESPONSE = 'RFI_RESPONSE_SUBMIT_TASK';
/** Regulator: Wait for RFI response (and cancel it). */
export const RFI_WAIT_FOR_RESPONSE = 'RFI_WAIT_FOR_RESPONSE';
/** Regulator: read the response. */
export const RFI_RESPONSE_REVIEW = 'RFI_RESPONSE_REVIEW';
/** Regulator: the deadline passed without a response; decide what follows. */
export const RFI_NEXT_STEPS = 'RFI_NEXT_STEPS';

export const RFI_SUBMIT = 'RFI_SUBMIT';
export const RFI_CANCEL = 'RFI_CANCEL';
export const RFI_RESPONSE_SUBMIT = 'RFI_RESPONSE_SUBMIT';
export const RFI_RESPONSE_REVIEWED = 'RFI_RESPONSE_REVIEWED';
export const RFI_NEXT_STEPS_SUBMIT = 'RFI_NEXT_STEPS_SUBMIT';
/** Takes an uploaded file off the task before it is sent (SAVE); the file is deleted when the task closes. */
export const RFI_REMOVE_ATTACHMENT = 'RFI_REMOVE_ATTACHMENT';

// Timeline entries.
export const RFI_SUBMITTED = 'RFI_SUBMITTED';
export const RFI_RESPONSE_SUBMITTED = 'RFI_RESPONSE_SUBMITTED';
export const RFI_CANCELLED = 'RFI_CANCELLED';
export const RFI_EXPIRED = 'RFI_EXPIRED';
export const RFI_RESPONSE_REVIEW_COMPLETED = 'RFI_RESPONSE_REVIEW_COMPLETED';
export const RFI_NEXT_STEPS_DECIDED = 'RFI_NEXT_STEPS_DECIDED';
