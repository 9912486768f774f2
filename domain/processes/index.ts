// The engine's vocabulary, and the product's processes (each registers itself when imported).
export * from './types';
export * from './registry';
export { taskAccess } from './task-access';
export * from './organisation-account-opening';
export * from './account-closure';
export * from './notification-of-compliance';
export * from './action-plan';
export * from './progress-update-1';
export * from './progress-update-2';
export * from './deadlines';
