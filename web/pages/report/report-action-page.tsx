// The confirmation pages of a report task (/tasks/{taskId}/{submit|send-for-review|return}) and the
// panel each ends on (reference workflows §7.3). A refused submission lists the server's messages,
// each linked to the page that puts it right, with 'Change … answers' links per section.
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import * as v from 'valibot';
import { BackLink, Button, Select } from '../../components';
import { field, FormErrorSummary, useGovForm } from '../../forms';
import { HttpError, apiGet } from '../../lib/api';
import { useAnyRequestPending } from '../../lib/pending';
import { usePageTitle } from '../../lib/page-title';
import { competentAuthorityLabels, type CompetentAuthority } from '../../../domain/authorities';
import { fieldNames } from '../../../domain/reports/fields';
import { sectionOf } from '../../../domain/reports/report';
import { SELECT_A_USER } from '../../../processes/notification-of-compliance/process';
import { TaskOutcome, actionErrors, transition } from '../task/task-page';
import type { Candidate, TaskView } from '../task/task-view';
import { inApp, sectionPath, stepPath, taskPath } from './links';
import { ReportProblems, type Problem } from './report-problems';
import { reportTaskOf, type ReportTask } from './report-tasks';
import { useTaskView } from './use-task-view';

type Outcome = { title: string; panel: string; body: string };

export default function ReportActionPage() {
  const { taskId, action } = useParams<{ taskId: string; action: string }>();
  const { view, missing } = useTaskView(taskId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const report = view ? reportTaskOf(view.requestTask.type) : undefined;
  usePageTitle(outcome?.title);
  if (outcome) {
    return (
      <TaskOutcome title={outcome.title} panel={outcome.panel}>
        {outcome.body}
      </TaskOutcome>
    );
  }
  if (missing || (view && !report)) {
    return (
      <>
        <h1 className="govuk-heading-l">This page is not available</h1>
        <p className="govuk-body">The task may have been completed already.</p>
        <p className="govuk-body">
          <Link href="/dashboard" className="govuk-link">
            Return to dashboard
          </Link>
        </p>
      </>
    );
  }
  if (!view || !report) return <p className="govuk-body">Loading…</p>;
  const props = { view, report, done: setOutcome };
  if (action === 'submit' && report.submit) return <SubmitReport {...props} />;
  if (action === 'send-for-review' && report.sendForReview && report.reviewTask && report.texts.sendForReview)
    return <SendForReview {...props} />;
  if (action === 'return' && report.returnToSubmit && report.texts.returnToSubmit) return <ReturnReport {...props} />;
  return (
    <p className="govuk-body">
      This action is not part of this task.{' '}
      <Link href={taskPath(taskId)} className="govuk-link">
        Return to the task
      </Link>
    </p>
  );
}

interface ActionProps {
  view: TaskView;
  report: ReportTask;
  done: (outcome: Outcome) => void;
}

function Back({ taskId }: { taskId: number }) {
  const [, navigate] = useLocation();
  return (
    <BackLink href={taskPath(taskId)} onClick={inApp(navigate)}>
      Back
    </BackLink>
  );
}

/** Where each violation of a refused submission is put right. */
function problemsOf(
  view: TaskView,
  report: ReportTask,
  error: unknown,
): { problems: Problem[]; changeLinks: Problem[] } {
  if (!(error instanceof HttpError) || error.status >= 500) throw error;
  const body = error.body as {
    message?: string;
    fields?: { field: string; message: string; section?: string; step?: string }[];
  } | null;
  const taskId = view.requestTask.id;
  const fields = body?.fields?.length ? body.fields : [{ field: '', message: body?.message ?? error.message }];
  const problems = fields.map((f) => {
    const section = f.section ? sectionOf(report.definition, f.section) : undefined;
    const step =
      section && (f.step ?? section.steps.find((s) => fieldNames(s.fields).includes(f.field.split('.')[0] ?? ''))?.id);
    return {
      message: f.message,
      href: section
        ? step
          ? stepPath(taskId, section.id, step, true)
          : sectionPath(taskId, section.id)
        : taskPath(taskId),
    };
  });
  const sections = [...new Set(fields.map((f) => f.section).filter((s): s is string => !!s))];
  const changeLinks = sections.flatMap((id) => {
    const section = sectionOf(report.definition, id);
    return section ? [{ message: `Change ${section.title.toLowerCase()} answers`, href: sectionPath(taskId, id) }] : [];
  });
  return { problems, changeLinks };
}

function SubmitReport({ view, report, done }: ActionProps) {
  const [problems, setProblems] = useState<{ problems: Problem[]; changeLinks: Problem[] }>({
    problems: [],
    changeLinks: [],
  });
  const pending = useAnyRequestPending();
  usePageTitle(problems.problems.length ? 'Error: Submit to regulator' : 'Submit to regulator');
  const submit = async () => {
    try {
      const result = await transition(view, report.submit!, {});
      const authority =
        competentAuthorityLabels[view.requestInfo.competentAuthority as CompetentAuthority] ?? 'your regulator';
      done({
        title: report.texts.submitted.panel,
        panel: `Your reference is ${result.requestId}`,
        body: report.texts.submitted.body(authority),
      });
    } catch (err) {
      setProblems(problemsOf(view, report, err));
    }
  };
  return (
    <>
      <Back taskId={view.requestTask.id} />
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <ReportProblems problems={problems.problems} changeLinks={problems.changeLinks} />
          <h1 className="govuk-heading-l">Submit to regulator</h1>
          {report.texts.submitConfirm.map((p) => (
            <p key={p} className="govuk-body">
              {p}
            </p>
          ))}
          <Button pending={pending} onClick={() => void submit()}>
            Confirm and send
          </Button>
        </div>
      </div>
    </>
  );
}

const reviewerSchema = v.object({ supportingOperator: v.pipe(v.string(), v.minLength(1, SELECT_A_USER)) });

function SendForReview({ view, report, done }: ActionProps) {
  const texts = report.texts.sendForReview!;
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const form = useGovForm({ schema: reviewerSchema, defaultValues: { supportingOperator: '' } });
  const pending = useAnyRequestPending();
  const editType = report.reviewTask!;
  usePageTitle(texts.heading);
  useEffect(() => {
    apiGet(`/v1.0/tasks-assignment/${view.requestTask.id}/candidate-assignees/${editType}`).then(setCandidates, () =>
      setCandidates([]),
    );
  }, [view.requestTask.id, editType]);

  const send = async ({ supportingOperator }: v.InferOutput<typeof reviewerSchema>) => {
    try {
      const result = await transition(view, report.sendForReview!, { supportingOperator });
      const name = candidates?.find((c) => c.id === supportingOperator)?.fullName ?? 'the selected user';
      done({ title: texts.panel(name), panel: `Your reference is ${result.requestId}`, body: texts.body });
    } catch (err) {
      for (const e of actionErrors(err)) form.setError('supportingOperator', { message: e.message });
    }
  };
  return (
    <>
      <Back taskId={view.requestTask.id} />
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <FormErrorSummary form={form} />
          <h1 className="govuk-heading-l">{texts.heading}</h1>
          <form noValidate onSubmit={form.handleSubmit(send)}>
            {candidates && candidates.length === 0 ? (
              <p className="govuk-body">
                There is no other user on this account who can review it. Add a Restricted user to the account first.
              </p>
            ) : null}
            <Select
              {...field(form, 'supportingOperator')}
              id="supportingOperator"
              label={texts.select}
              labelClassName="govuk-label--s"
              options={[
                { value: '', text: 'Select a user' },
                ...(candidates ?? []).map((c) => ({ value: c.id, text: c.fullName })),
              ]}
            />
            {texts.texts.map((p) => (
              <p key={p} className="govuk-body">
                {p}
              </p>
            ))}
            <Button pending={pending}>Confirm and send</Button>
          </form>
        </div>
      </div>
    </>
  );
}

function ReturnReport({ view, report, done }: ActionProps) {
  const texts = report.texts.returnToSubmit!;
  const [problem, setProblem] = useState<Problem[]>([]);
  const pending = useAnyRequestPending();
  usePageTitle(texts.heading);
  const send = async () => {
    try {
      await transition(view, report.returnToSubmit!, {});
      done({ title: texts.panel, panel: '', body: texts.body });
    } catch (err) {
      setProblem(actionErrors(err).map((e) => ({ message: e.message, href: taskPath(view.requestTask.id) })));
    }
  };
  return (
    <>
      <Back taskId={view.requestTask.id} />
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <ReportProblems problems={problem} />
          <span className="govuk-caption-l">{texts.caption}</span>
          <h1 className="govuk-heading-l">{texts.heading}</h1>
          <p className="govuk-body">{texts.text}</p>
          <Button pending={pending} onClick={() => void send()}>
            Confirm and save
          </Button>
        </div>
      </div>
    </>
  );
}
