// The page of the task whose page is 'rfi-wait' (process.ts): a part of rfi-pages.tsx.
export { RfiWait as default } from './rfi-pages';
