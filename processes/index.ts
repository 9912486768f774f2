// The engine's vocabulary, and the product's processes (each registers itself when imported).
export * from '../domain/process-definition';
export * from './registry';
export { taskAccess } from './task-access';
export * from './organisation-account-opening/process';
export * from './account-closure/process';
export * from './notification-of-compliance/process';
export * from './action-plan/process';
export * from './progress-update-1/process';
export * from './progress-update-2/process';
export * from '../domain/deadlines';
