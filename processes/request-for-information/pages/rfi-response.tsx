// The page of the task whose page is 'rfi-response' (process.ts): a part of rfi-pages.tsx.
export { RfiResponse as default } from './rfi-pages';
