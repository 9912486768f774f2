// The product's processes: two lines each (its definition and its codes). Importing this module defines
// them all in the registry (domain/process-registry.ts), whose lookups every other part of the service
// reads — so a process is its folder plus its lines here (and its workflow's entry in workflows/index.ts).
export * from './organisation-account-opening/process';
export * from './account-closure/process';
export * from './notification-of-compliance/process';
export * from './action-plan/process';
export * from './progress-update-1/process';
export * from './progress-update-2/process';
export * from './request-for-information/process';

export * from './organisation-account-opening/codes';
export * from './account-closure/codes';
export * from './notification-of-compliance/codes';
export * from './action-plan/codes';
export * from './progress-update-1/codes';
export * from './progress-update-2/codes';
export * from './request-for-information/codes';
export * from '../domain/process-registry';
export type * from '../domain/process-definition';
