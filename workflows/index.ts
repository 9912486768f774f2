// Every workflow the worker runs. Only deterministic code may be imported here.
export { emailOutboxDispatcher } from './email-outbox';
export { organisationAccountOpening } from './organisation-account-opening';
export { accountClosure } from './account-closure';
export { notificationOfComplianceP3 } from './notification-of-compliance';
export { actionPlanP3 } from './action-plan';
export { progressUpdate1P3 } from './progress-update-1';
export { progressUpdate2P3 } from './progress-update-2';
export { dataRetention } from './retention';
