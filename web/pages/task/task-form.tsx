// The form of each task type, below the task page's header, by the page its process gives it: a
// report's task list, or a page of its own (`{ kind: 'form', name }`), the module
// processes/<home>/pages/<name>.tsx of the process's home, loaded the first time it is shown. Task
// types without a page show none.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { TaskFormProps } from './task-page';
import { ReportTaskList } from '../report/report-task-list';
import { processOfTask, taskDefinition } from '../../../processes';
import { loadedProcessPages, processPageModules } from './process-page-modules';

const pages = new Map<string, ComponentType<TaskFormProps> | LazyExoticComponent<ComponentType<TaskFormProps>>>();

/**
 * The page `name` of the process `home`, or undefined when its home has none by that name: lazily
 * loaded, or at once when it is already there (Jest's); the same component for a page once chosen.
 */
function processPage(home: string, name: string): ComponentType<TaskFormProps> | undefined {
  const key = `${home}/${name}`;
  if (!pages.has(key)) {
    const loaded = loadedProcessPages[key];
    const load = processPageModules[key];
    if (loaded) pages.set(key, loaded.default);
    else if (load) pages.set(key, lazy(load));
  }
  return pages.get(key);
}

export function TaskTypeForm(props: TaskFormProps) {
  const type = props.view.requestTask.type;
  const page = taskDefinition(type)?.page;
  const home = processOfTask(type)?.home;
  const Form =
    page?.kind === 'report' ? ReportTaskList : page?.kind === 'form' && home ? processPage(home, page.name) : undefined;
  // Keyed by task: another task's form starts afresh.
  return Form ? (
    <Suspense fallback={null}>
      <Form key={props.view.requestTask.id} {...props} />
    </Suspense>
  ) : null;
}
