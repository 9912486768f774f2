// A report task's own part of the task page (/tasks/{taskId}): its sections as a GOV.UK task list,
// group by group with their statuses, and the task's actions. 'Submit to regulator' is enabled only
// when every section that applies is completed. A task that may be cancelled has 'Cancel task' under
// Related actions (reference §3.7).
import { useLocation } from 'wouter';
import { Button, ButtonGroup, TaskList, WarningText } from '../../components';
import { readyToSubmit, reportDraftOf, sectionStatusLabels, taskList } from '../../../domain/reports/report';
import { carriedMark } from '../../../domain/reports/carried';
import { AtTop, useErrorTitle, type TaskFormProps } from '../task/task-page';
import { RelatedActions } from '../task/cancel-task';
import { inApp, sectionPath, stepPath, taskActionPath } from './links';
import { reportTaskOf } from './report-tasks';
import { factsOfView } from './use-task-view';
import { NameMismatch, useRegisterCheck } from './company-register';
import { ReportProblems } from './report-problems';

export function ReportTaskList({ view, show, errorSummarySlot }: TaskFormProps) {
  const [, navigate] = useLocation();
  const report = reportTaskOf(view.requestTask.type)!;
  const draft = reportDraftOf(view.requestTask.payload);
  const facts = factsOfView(view);
  const allowed = (action?: string) => !!action && view.allowedRequestTaskActions.includes(action);
  const taskId = view.requestTask.id;
  // A registration number the register does not know is said here, with the way to correct it,
  // and keeps the report from being submitted (the server would refuse it).
  const registered = useRegisterCheck(report.definition, draft.report);
  const unknownNumbers = registered.filter((a) => a.entry?.state === 'missing');
  const editable = allowed(report.save);
  const ready = readyToSubmit(report.definition, draft, facts) && unknownNumbers.length === 0;
  useErrorTitle(unknownNumbers.length > 0);
  return (
    <>
      <AtTop slot={errorSummarySlot}>
        <ReportProblems
          problems={unknownNumbers.map((a) => ({
            message: a.message,
            href: editable ? stepPath(taskId, a.section, a.step, true) : sectionPath(taskId, a.section),
          }))}
        />
      </AtTop>
      {registered.map((a) => (
        <NameMismatch key={`${a.section}.${a.path}`} answer={a} />
      ))}
      {report.texts.waiting && !report.save ? <WarningText>{report.texts.waiting}</WarningText> : null}
      {taskList(report.definition, draft, facts).map((group, g) => (
        <section key={group.title} aria-labelledby={`report-group-${g}`}>
          <h2 id={`report-group-${g}`} className="govuk-heading-m">
            {`${g + 1}. ${group.title}`}
          </h2>
          <TaskList
            idPrefix={`report-group-${g}`}
            items={group.sections.map((s) => ({
              title: s.title,
              href: sectionPath(taskId, s.id),
              onClick: inApp(navigate),
              status: sectionStatusLabels[s.status],
              // Answers carried from the phase before's report, until the section is confirmed.
              hint: draft.carried?.answers[s.id] ? carriedMark(draft.carried, report.texts.name) : undefined,
            }))}
          />
        </section>
      ))}
      <ButtonGroup>
        {allowed(report.submit) ? (
          ready ? (
            <Button href={taskActionPath(taskId, 'submit')} onClick={inApp(navigate)}>
              Submit to regulator
            </Button>
          ) : (
            <Button type="button" disabled aria-disabled="true">
              Submit to regulator
            </Button>
          )
        ) : null}
        {allowed(report.sendForReview) ? (
          <Button href={taskActionPath(taskId, 'send-for-review')} variant="secondary" onClick={inApp(navigate)}>
            Send for review
          </Button>
        ) : null}
        {allowed(report.returnToSubmit) ? (
          <Button href={taskActionPath(taskId, 'return')} onClick={inApp(navigate)}>
            {`Return this ${report.texts.name}`}
          </Button>
        ) : null}
      </ButtonGroup>
      {allowed(report.submit) && !ready ? (
        <p className="govuk-body">Complete every section before you submit to the regulator.</p>
      ) : null}
      {allowed(report.cancel) ? <RelatedActions view={view} show={show} cancelAction={report.cancel!} /> : null}
    </>
  );
}
