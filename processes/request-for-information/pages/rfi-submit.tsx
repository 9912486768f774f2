// The page of the task whose page is 'rfi-submit' (process.ts): a part of rfi-pages.tsx.
export { RfiSubmit as default } from './rfi-pages';
