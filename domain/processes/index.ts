// The engine's vocabulary. Each process issue adds `import './<process>'` here to register itself.
export * from './types';
export * from './registry';
export { taskAccess } from './task-access';
