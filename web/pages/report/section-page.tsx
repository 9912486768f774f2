// A report section (/tasks/{taskId}/section/{sectionId}[/{stepId}]): its question pages, one at a
// time with 'Save and continue', and its summary with 'Change' links and 'Confirm and complete'.
// Every save goes to the server with the task's version; the server parses, prunes and settles
// the report with the same definition these pages use.
import { useMemo, useState } from 'react';
import { Link, Redirect, useLocation, useParams, useSearch } from 'wouter';
import { Button, SummaryList } from '../../components';
import { FormErrorSummary, useGovForm } from '../../forms';
import { useAnyRequestPending } from '../../lib/pending';
import { usePageTitle } from '../../lib/page-title';
import { fieldNames, toFormValues, type Values } from '../../../domain/reports/fields';
import {
  applicableSteps,
  contextOf,
  reportDraftOf,
  sectionOf,
  sectionRows,
  sectionStatus,
  stepOf,
  stepSchema,
  registerAnswersOf,
  type ReportDraft,
  type SectionDefinition,
  type StepDefinition,
} from '../../../domain/reports/report';
import { actionErrors, saveTask } from '../task/task-page';
import type { TaskView } from '../task/task-view';
import { ReportProblems, type Problem } from './report-problems';
import { reportTaskOf, type ReportTask } from './report-tasks';
import { ReportPageLayout } from './report-page-layout';
import { inApp, sectionPath, stepPath, taskPath } from './links';
import { ListItemPage, ListSummaryPage, RemoveItemPage } from './list-pages';
import { ListUploadPage, listUploads } from './list-upload';
import { pagesListOf } from '../../../domain/reports/list-items';
import { carriedMark, stillCarried } from '../../../domain/reports/carried';
import { QuestionFields } from './question-fields';
import { StepHelp } from './help-panel';
import { PlanMeasuresPanel } from './plan-measures';
import { lookUpCompany, NameMismatch, useRegisterCheck } from './company-register';
import { factsOfView, useTaskView } from './use-task-view';

export default function SectionPage() {
  const { taskId, sectionId, stepId, item, confirm } = useParams<{
    taskId: string;
    sectionId: string;
    stepId?: string;
    item?: string;
    confirm?: string;
  }>();
  const [location] = useLocation();
  const { view, missing } = useTaskView(taskId, location);
  const report = view ? reportTaskOf(view.requestTask.type) : undefined;
  const section = report ? sectionOf(report.definition, sectionId) : undefined;
  if (missing || (view && !section)) return <NotAvailable taskId={taskId} />;
  if (!view || !report || !section) return <p className="govuk-body">Loading…</p>;

  const draft = reportDraftOf(view.requestTask.payload);
  const ctx = contextOf(report.definition, draft, factsOfView(view));
  const editable = !!report.save && view.allowedRequestTaskActions.includes(report.save);
  const status = sectionStatus(report.definition, draft, section, ctx);
  if (status === null || status === 'CANNOT_START_YET') return <Redirect to={taskPath(taskId)} replace />;
  // Answers carried from the phase before's report fill a section the draft does not hold (any more:
  // a section that did not apply until the reporting obligation was answered was dropped meanwhile).
  const stored =
    draft.report[section.id] ?? draft.carried?.answers[section.id] ?? section.initial?.(draft.prefill) ?? {};
  const steps = applicableSteps(section, stored, ctx);

  if (!stepId) {
    // A section not started opens on its first question, also when the server filled it in at the
    // start (a progress update's copied measures): the user has answered nothing yet.
    if (editable && (draft.report[section.id] === undefined || status === 'NOT_STARTED'))
      return <Redirect to={stepPath(taskId, section.id, steps[0]!.id)} replace />;
    return (
      <SectionSummary
        key={view.requestTask.version}
        view={view}
        report={report}
        section={section}
        draft={draft}
        values={stored}
        ctx={ctx}
        editable={editable}
      />
    );
  }
  const step = stepOf(section, stepId);
  if (!step || !steps.includes(step) || !editable) return <Redirect to={sectionPath(taskId, section.id)} replace />;
  const list = pagesListOf(step);
  if (list) {
    // A list edited a page an item: its table, an item's page, or a removal's confirmation.
    const count = ((stored[list.name] as unknown[] | undefined) ?? []).length;
    const key = `${item ?? ''}:${view.requestTask.version}`;
    const props = {
      view,
      report,
      section,
      step,
      list,
      values: stored,
      ctx,
    };
    const upload = listUploads[list.name];
    if (upload && location.endsWith(`${stepPath(taskId, section.id, step.id)}/upload`))
      return <ListUploadPage key={key} {...props} upload={upload} />;
    if (item === undefined) {
      const at = steps.indexOf(step);
      const next = steps[at + 1];
      const previous = steps[at - 1];
      return (
        <ListSummaryPage
          key={key}
          {...props}
          next={next ? stepPath(taskId, section.id, next.id) : sectionPath(taskId, section.id)}
          back={previous ? stepPath(taskId, section.id, previous.id) : taskPath(taskId)}
        />
      );
    }
    const position = item === 'new' ? null : /^[1-9]\d{0,4}$/.test(item) ? Number(item) - 1 : -1;
    const listPath = stepPath(taskId, section.id, step.id);
    if (position !== null && (position < 0 || position >= count)) return <Redirect to={listPath} replace />;
    if (confirm === 'remove' && position !== null && !list.fixedItems)
      return <RemoveItemPage key={key} {...props} index={position} />;
    if (confirm !== undefined || (position === null && list.fixedItems)) return <Redirect to={listPath} replace />;
    return <ListItemPage key={key} {...props} index={position} />;
  }
  // The report's context with this section's answers as a page would save them (a changed answer
  // may change it: the notification's category, say).
  const ctxWith = (data: Values) =>
    contextOf(report.definition, { ...draft, report: { ...draft.report, [section.id]: data } }, factsOfView(view));
  return (
    <QuestionPage
      key={`${step.id}:${view.requestTask.version}`}
      view={view}
      report={report}
      section={section}
      step={step}
      values={stored}
      ctx={ctx}
      ctxWith={ctxWith}
    />
  );
}

function NotAvailable({ taskId }: { taskId: string }) {
  usePageTitle('Page not available');
  return (
    <>
      <h1 className="govuk-heading-l">This page is not available</h1>
      <p className="govuk-body">The task may have been completed, or the section is not part of this report.</p>
      <p className="govuk-body">
        <Link href={taskPath(taskId)} className="govuk-link">
          Return to the task
        </Link>
      </p>
    </>
  );
}

/** The answers of the pages before this one: what the page's conditions and rules may look at. */
function earlierAnswers(section: SectionDefinition, step: StepDefinition, values: Values): Values {
  const before = section.steps.slice(0, section.steps.indexOf(step));
  const names = new Set(before.flatMap((s) => fieldNames(s.fields)));
  return Object.fromEntries(Object.entries(values).filter(([k]) => names.has(k)));
}

interface QuestionPageProps {
  view: TaskView;
  report: ReportTask;
  section: SectionDefinition;
  step: StepDefinition;
  values: Values;
  ctx: unknown;
  ctxWith: (data: Values) => unknown;
}

/** A page none of whose questions has an answer yet: one a changed answer has just opened. */
const unanswered = (step: StepDefinition, data: Values) => step.fields.every((f) => data[f.name] === undefined);

function QuestionPage({ view, report, section, step, values, ctx, ctxWith }: QuestionPageProps) {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const change = search.get('change') === 'true';
  const opening = change && search.get('opening') === 'true';
  const env = useMemo(() => ({ ctx, section: earlierAnswers(section, step, values) }), [ctx, section, step, values]);
  const schema = useMemo(() => stepSchema(step, env), [step, env]);
  const form = useGovForm({
    schema,
    defaultValues: toFormValues(step.fields, values),
    fieldOrder: fieldNames(step.fields),
  });
  const pending = useAnyRequestPending();
  const typed = form.watch() as Values;
  const single =
    step.fields.length === 1 &&
    step.fields[0]!.kind !== 'group' &&
    step.fields[0]!.kind !== 'computed' &&
    step.fields[0]!.label === step.title;
  usePageTitle(step.title);
  const taskId = view.requestTask.id;
  // The measures of the action plan of the phase before, where the page asks about savings achieved.
  const offered = reportDraftOf(view.requestTask.payload).actionPlanMeasures;

  const onSubmit = async (answers: Values) => {
    // A registration number must be on the company register: said here, where it is typed.
    for (const answer of registerAnswersOf(step.fields, answers)) {
      if ((await lookUpCompany(answer.number))?.state === 'missing') {
        form.setError(answer.path as never, { message: answer.message });
        return;
      }
    }
    const data: Values = { ...values };
    for (const name of fieldNames(step.fields)) delete data[name];
    Object.assign(data, answers);
    try {
      await saveTask(view, report.save!, { section: section.id, data, complete: false });
    } catch (err) {
      for (const e of actionErrors(err, inSection(section)))
        form.setError((e.path || 'root') as never, { message: e.message });
      return;
    }
    const steps = applicableSteps(section, data, ctxWith(data));
    const later = steps.slice(steps.findIndex((s) => s.id === step.id) + 1);
    if (!change) {
      navigate(later[0] ? stepPath(taskId, section.id, later[0].id) : sectionPath(taskId, section.id));
      return;
    }
    // Check answers (GOV.UK pattern): a change that opens questions goes through them, then back to
    // the summary. Opened: pages asked now and not before the change, none of whose questions has an
    // answer; on those pages (`opening`), the next page still unanswered.
    const before = new Set(applicableSteps(section, values, ctx).map((s) => s.id));
    const opened = later.find((s) => (opening || !before.has(s.id)) && unanswered(s, data));
    navigate(
      opened ? `${stepPath(taskId, section.id, opened.id, true)}&opening=true` : sectionPath(taskId, section.id),
    );
  };

  const steps = applicableSteps(section, values, ctx);
  const previous = steps[steps.findIndex((s) => s.id === step.id) - 1];
  return (
    <ReportPageLayout
      back={
        previous && !change
          ? stepPath(taskId, section.id, previous.id)
          : change
            ? sectionPath(taskId, section.id)
            : taskPath(taskId)
      }
      returnTo={taskPath(taskId)}
    >
      <FormErrorSummary form={form} />
      <span className="govuk-caption-l">{section.title}</span>
      {single ? null : <h1 className="govuk-heading-l">{step.title}</h1>}
      {step.description?.map((p) => (
        <p key={p} className="govuk-body">
          {p}
        </p>
      ))}
      <form noValidate onSubmit={form.handleSubmit(onSubmit as never)}>
        <QuestionFields
          fields={step.fields}
          prefix=""
          form={form}
          env={env}
          values={typed}
          headingField={single ? step.fields[0]!.name : undefined}
        />
        {step.offersPlanMeasures && offered ? <PlanMeasuresPanel offered={offered} /> : null}
        <StepHelp step={step} requestInfo={view.requestInfo} />
        <Button pending={pending}>Save and continue</Button>
      </form>
    </ReportPageLayout>
  );
}

interface SummaryProps {
  view: TaskView;
  report: ReportTask;
  section: SectionDefinition;
  draft: ReportDraft;
  values: Values;
  ctx: unknown;
  editable: boolean;
}

function SectionSummary({ view, report, section, draft, values, ctx, editable }: SummaryProps) {
  const [, navigate] = useLocation();
  const [problems, setProblems] = useState<Problem[]>([]);
  const pending = useAnyRequestPending();
  const taskId = view.requestTask.id;
  const sectionAnswers = useMemo(() => ({ [section.id]: values }), [section.id, values]);
  const registered = useRegisterCheck(report.definition, sectionAnswers);
  const shown = [
    ...problems,
    ...registered
      .filter((a) => a.entry?.state === 'missing')
      .map((a) => ({ message: a.message, href: stepPath(taskId, section.id, a.step, editable) })),
  ];
  usePageTitle(shown.length ? `Error: ${section.title}` : section.title);
  const completed = draft.sectionsCompleted[section.id] === 'COMPLETED';
  const carried = draft.carried;
  const rows = sectionRows(section, values, ctx).map((row) => ({
    key: row.key,
    value: [
      ...row.value.map((line, i) => (
        <span key={i} className="esos-answer-line">
          {line}
        </span>
      )),
      // An answer still as it was carried from the phase before's report, in a section not yet confirmed.
      ...(carried && stillCarried(carried, section.id, row.field, values)
        ? [
            <span key="carried" className="govuk-hint esos-answer-line govuk-!-margin-bottom-0">
              {carriedMark(carried, report.texts.name)}
            </span>,
          ]
        : []),
    ],
    actions: editable
      ? [
          {
            href: stepPath(taskId, section.id, row.step, true),
            text: 'Change',
            visuallyHiddenText: row.key.toLowerCase(),
            onClick: inApp(navigate),
          },
        ]
      : undefined,
  }));

  const complete = async () => {
    try {
      await saveTask(view, report.save!, { section: section.id, data: values, complete: true });
    } catch (err) {
      setProblems(
        actionErrors(err, inSection(section)).map((e) => ({
          message: e.message,
          href: problemHref(view, section, e.path),
        })),
      );
      return;
    }
    navigate(taskPath(taskId));
  };

  return (
    <ReportPageLayout back={taskPath(taskId)} returnTo={taskPath(taskId)}>
      <ReportProblems problems={shown} />
      <span className="govuk-caption-l">{report.texts.name.charAt(0).toUpperCase() + report.texts.name.slice(1)}</span>
      <h1 className="govuk-heading-l">{section.title}</h1>
      {registered.map((a) => (
        <NameMismatch key={a.path} answer={a} />
      ))}
      {rows.length ? <SummaryList rows={rows} /> : <p className="govuk-body">No answers yet.</p>}
      {editable && !completed ? (
        <Button pending={pending} onClick={() => void complete()}>
          Confirm and complete
        </Button>
      ) : null}
    </ReportPageLayout>
  );
}

/** The API names a field by its path in the report ('{section}.{answer}'); a page by its path in the section. */
const inSection = (section: SectionDefinition) => (path: string) =>
  path.startsWith(`${section.id}.`) ? path.slice(section.id.length + 1) : path || null;

/** Where a problem with an answer is put right: the page that asks it. */
function problemHref(view: TaskView, section: SectionDefinition, path: string): string {
  const name = path.split('.')[0];
  const step = section.steps.find((s) => fieldNames(s.fields).includes(name ?? ''));
  return step ? stepPath(view.requestTask.id, section.id, step.id, true) : sectionPath(view.requestTask.id, section.id);
}
