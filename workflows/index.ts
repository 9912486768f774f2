// Every workflow the worker runs. Only deterministic code may be imported here.
//
// Each is loaded when a run first calls it, not when the worker creates the run. The SDK evaluates
// this module afresh for every run it creates (a run's modules are its own), so exporting the
// workflows eagerly made every run evaluate every process's definitions, forms and schemas: 13 % of
// the workflow thread's CPU in the bench's profile (docs/performance.md). A `require` of a literal
// path is bundled like an import; the run evaluates only its own process's modules.
import { lazyWorkflow } from './lazy-workflow';

export const emailOutboxDispatcher = lazyWorkflow(
  () => require('./email-outbox') as typeof import('./email-outbox'),
  'emailOutboxDispatcher',
);
export const organisationAccountOpening = lazyWorkflow(
  () =>
    require('../processes/organisation-account-opening/workflow') as typeof import('../processes/organisation-account-opening/workflow'),
  'organisationAccountOpening',
);
export const accountClosure = lazyWorkflow(
  () => require('../processes/account-closure/workflow') as typeof import('../processes/account-closure/workflow'),
  'accountClosure',
);
export const notificationOfComplianceP3 = lazyWorkflow(
  () =>
    require('../processes/notification-of-compliance/workflow') as typeof import('../processes/notification-of-compliance/workflow'),
  'notificationOfComplianceP3',
);
export const notificationOfCompliance = lazyWorkflow(
  () =>
    require('../processes/notification-of-compliance/workflow') as typeof import('../processes/notification-of-compliance/workflow'),
  'notificationOfCompliance',
);
export const actionPlanP3 = lazyWorkflow(
  () => require('../processes/action-plan/workflow') as typeof import('../processes/action-plan/workflow'),
  'actionPlanP3',
);
export const progressUpdate1P3 = lazyWorkflow(
  () => require('../processes/progress-update-1/workflow') as typeof import('../processes/progress-update-1/workflow'),
  'progressUpdate1P3',
);
export const progressUpdate2P3 = lazyWorkflow(
  () => require('../processes/progress-update-2/workflow') as typeof import('../processes/progress-update-2/workflow'),
  'progressUpdate2P3',
);
export const requestForInformation = lazyWorkflow(
  () =>
    require('../processes/request-for-information/workflow') as typeof import('../processes/request-for-information/workflow'),
  'requestForInformation',
);
export const dataRetention = lazyWorkflow(
  () => require('./retention') as typeof import('./retention'),
  'dataRetention',
);
export const complianceChase = lazyWorkflow(
  () => require('./compliance-chase') as typeof import('./compliance-chase'),
  'complianceChase',
);
export const rfiBatch = lazyWorkflow(
  () =>
    require('../processes/request-for-information/batch-workflow') as typeof import('../processes/request-for-information/batch-workflow'),
  'rfiBatch',
);
export const publishDataset = lazyWorkflow(
  () => require('./published-data') as typeof import('./published-data'),
  'publishDataset',
);
