// Workflows for test workers: the product's, plus the engine's test process.
export * from '../../workflows/index';
export { testTwoStepRequest } from './two-step';
export { bareJourney } from './bare-journey';
