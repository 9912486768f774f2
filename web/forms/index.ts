export * from './use-gov-form';
export * from './form-error-summary';
