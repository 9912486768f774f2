// Every workflow the worker runs. Only deterministic code may be imported here.
export { emailOutboxDispatcher } from './email-outbox';
export { organisationAccountOpening } from '../processes/organisation-account-opening/workflow';
export { accountClosure } from '../processes/account-closure/workflow';
export { notificationOfComplianceP3 } from '../processes/notification-of-compliance/workflow';
export { actionPlanP3 } from '../processes/action-plan/workflow';
export { progressUpdate1P3 } from '../processes/progress-update-1/workflow';
export { progressUpdate2P3 } from '../processes/progress-update-2/workflow';
export { dataRetention } from './retention';
export { complianceChase } from './compliance-chase';
