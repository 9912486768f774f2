// The processes' task pages for the SPA's tests in Jest, which has no glob import: the same
// convention as web/pages/task/process-page-modules.ts (processes/<home>/pages/<name>.tsx), and the
// test-only processes' homes (test/processes/<home>/pages/<name>.tsx) beside them. Each is required
// when this module loads, so that a page is there by the time a test looks for it (a first require
// under load takes longer than Testing Library's one-second wait).
import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import type { PageModule } from '../../web/pages/task/process-page-modules';
import type { TaskFormProps } from '../../web/pages/task/task-page';

const root = path.resolve(__dirname, '../..');
const loaded = new Map<string, Awaited<ReturnType<PageModule>>>();

function pagesUnder(dir: string): [string, PageModule][] {
  const base = path.join(root, dir);
  if (!fs.existsSync(base)) return [];
  return fs.readdirSync(base).flatMap((home) => {
    const pages = path.join(base, home, 'pages');
    if (!fs.existsSync(pages)) return [];
    return fs
      .readdirSync(pages)
      .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
      .map((f): [string, PageModule] => {
        const module = require(path.join(pages, f)) as Awaited<ReturnType<PageModule>>;
        const key = `${home}/${f.replace(/\.tsx$/, '')}`;
        loaded.set(key, module);
        return [key, () => Promise.resolve(module)];
      });
  });
}

export const processPageModules: Record<string, PageModule> = Object.fromEntries([
  ...pagesUnder('processes'),
  ...pagesUnder('test/processes'),
]);

export const loadedProcessPages: Record<string, { default: ComponentType<TaskFormProps> }> = Object.fromEntries(
  pagesUnder('processes')
    .concat(pagesUnder('test/processes'))
    .map(([key]) => [key, loaded.get(key)!]),
);
