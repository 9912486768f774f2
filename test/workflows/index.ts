// Workflows for test workers: the product's, plus the test-only processes'.
export * from '../../workflows/index';
export { testTwoStepRequest } from './two-step';
export { testSurvey } from './survey';
export { bareJourney } from './bare-journey';
export { testBrokenWorkflowTask } from './broken';
