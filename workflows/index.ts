// Every workflow the worker runs. Only deterministic code may be imported here.
export { emailOutboxDispatcher } from './email-outbox';
