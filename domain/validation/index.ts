export * from './messages';
export * from './numbers';
export * from './text';
export * from './dates';
export * from './files';
export * from './groups';
export * from './ids';
