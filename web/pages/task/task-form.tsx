// The form of each task type, below the task page's header; task types without one show none.
import type { ComponentType } from 'react';
import { ReviewApplication } from './review-application';
import { CloseAccount } from './close-account';
import type { TaskFormProps } from './task-page';
import { ReportTaskList } from '../report/report-task-list';
import { reportTaskOf } from '../report/report-tasks';

const forms: Record<string, ComponentType<TaskFormProps>> = {
  ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW: ReviewApplication,
  ACCOUNT_CLOSURE_SUBMIT: CloseAccount,
};

export function TaskTypeForm(props: TaskFormProps) {
  const type = props.view.requestTask.type;
  const Form = Object.hasOwn(forms, type) ? forms[type] : reportTaskOf(type) ? ReportTaskList : undefined;
  // Keyed by task: another task's form starts afresh.
  return Form ? <Form key={props.view.requestTask.id} {...props} /> : null;
}
