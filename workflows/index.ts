// Every workflow the worker runs. Only deterministic code may be imported here.
export { emailOutboxDispatcher } from './email-outbox';
export { organisationAccountOpening } from './organisation-account-opening';
export { accountClosure } from './account-closure';
export { notificationOfComplianceP3 } from './notification-of-compliance';
