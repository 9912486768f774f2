// Every process's task pages, found by convention in its home: processes/<home>/pages/<name>.tsx, one
// lazily loaded chunk each (Vite's glob import). No file lists them. Jest has no glob import: its web
// project maps this module to test/setup/process-page-modules.ts, which reads the same folders.
import type { ComponentType } from 'react';
import type { TaskFormProps } from './task-page';

export type PageModule = () => Promise<{ default: ComponentType<TaskFormProps> }>;

/** Pages already loaded, by '<home>/<name>', shown without waiting (none in the build; Jest's are all loaded). */
export const loadedProcessPages: Record<string, { default: ComponentType<TaskFormProps> }> = {};

/** By '<home>/<name>'. */
export const processPageModules: Record<string, PageModule> = Object.fromEntries(
  Object.entries(
    import.meta.glob<{ default: ComponentType<TaskFormProps> }>(['../../../processes/*/pages/*.tsx', '!**/*.test.tsx']),
  ).map(([file, load]) => [file.replace(/^.*\/processes\/([^/]+)\/pages\/([^/]+)\.tsx$/, '$1/$2'), load]),
);
