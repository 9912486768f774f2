// The form of each task type, below the task page's header, by the page its process gives it
// (`page.kind`); task types without one show none.
import type { ComponentType } from 'react';
import { ReviewApplication } from './review-application';
import { CloseAccount } from './close-account';
import { RfiNextSteps, RfiResponse, RfiReview, RfiSubmit, RfiWait } from './request-for-information';
import type { TaskFormProps } from './task-page';
import { ReportTaskList } from '../report/report-task-list';
import { taskDefinition, type TaskPage } from '../../../processes';

const forms: Record<TaskPage['kind'], ComponentType<TaskFormProps>> = {
  report: ReportTaskList,
  'application-review': ReviewApplication,
  'account-closure': CloseAccount,
  'rfi-submit': RfiSubmit,
  'rfi-response': RfiResponse,
  'rfi-wait': RfiWait,
  'rfi-review': RfiReview,
  'rfi-next-steps': RfiNextSteps,
};

export function TaskTypeForm(props: TaskFormProps) {
  const kind = taskDefinition(props.view.requestTask.type)?.page?.kind;
  const Form = kind ? forms[kind] : undefined;
  // Keyed by task: another task's form starts afresh.
  return Form ? <Form key={props.view.requestTask.id} {...props} /> : null;
}
