// The page of the task whose page is 'rfi-next-steps' (process.ts): a part of rfi-pages.tsx.
export { RfiNextSteps as default } from './rfi-pages';
