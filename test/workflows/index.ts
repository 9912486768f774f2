// Workflows for test workers: the product's, plus the test-only processes', each loaded when a run
// first calls it as the product's are (workflows/index.ts says why).
import { lazyWorkflow } from '../../workflows/lazy-workflow';

export * from '../../workflows/index';
export const testTwoStepRequest = lazyWorkflow(
  () => require('./two-step') as typeof import('./two-step'),
  'testTwoStepRequest',
);
export const testSiteVisit = lazyWorkflow(
  () => require('../processes/site-visit/workflow') as typeof import('../processes/site-visit/workflow'),
  'testSiteVisit',
);
export const testSurvey = lazyWorkflow(() => require('./survey') as typeof import('./survey'), 'testSurvey');
export const bareJourney = lazyWorkflow(
  () => require('./bare-journey') as typeof import('./bare-journey'),
  'bareJourney',
);
export const testBrokenWorkflowTask = lazyWorkflow(
  () => require('./broken') as typeof import('./broken'),
  'testBrokenWorkflowTask',
);
