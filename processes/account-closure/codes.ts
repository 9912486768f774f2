// The account closure's codes: its request type, task and action types, as the API and the timeline name them.
export const ACCOUNT_CLOSURE = 'ACCOUNT_CLOSURE';
export const CLOSURE_SUBMIT = 'ACCOUNT_CLOSURE_SUBMIT';
export const SAVE_CLOSURE = 'ACCOUNT_CLOSURE_SAVE_APPLICATION_SUBMIT';
export const SUBMIT_CLOSURE = 'ACCOUNT_CLOSURE_SUBMIT_APPLICATION';
export const CANCEL_CLOSURE = 'ACCOUNT_CLOSURE_CANCEL_APPLICATION';
export const ACCOUNT_CLOSED = 'ACCOUNT_CLOSURE_APPLICATION_SUBMITTED';
