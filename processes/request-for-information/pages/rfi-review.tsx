// The page of the task whose page is 'rfi-review' (process.ts): a part of rfi-pages.tsx.
export { RfiReview as default } from './rfi-pages';
