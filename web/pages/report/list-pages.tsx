// A list edited a page an item (`layout: 'pages'` in the report definition): its summary table
// (the definition's columns, 10 rows a page), a page of one item's questions to add or change it,
// and a confirmation before removing one. Each save sends one item (domain/reports/list-items.ts):
// the server merges it into the stored section with the task's version.
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { BackLink, Button, ButtonGroup, Pagination, ScrollableTable } from '../../components';
import { FormErrorSummary, useGovForm } from '../../forms';
import { useAnyRequestPending } from '../../lib/pending';
import { usePageTitle } from '../../lib/page-title';
import {
  fieldNames,
  itemTitle,
  parseFields,
  toFormValues,
  type ListField,
  type Values,
} from '../../../domain/reports/fields';
import { LIST_PAGE_SIZE, listCell, listColumns, listPage, listRows } from '../../../domain/reports/list-items';
import {
  registerAnswersOf,
  reportDraftOf,
  type SectionDefinition,
  type StepDefinition,
} from '../../../domain/reports/report';
import { lookUpCompany } from './company-register';
import * as v from 'valibot';
import { actionErrors, saveTask } from '../task/task-page';
import type { TaskView } from '../task/task-view';
import type { ReportTask } from './report-tasks';
import { ReportPageLayout } from './report-page-layout';
import { inApp, itemPath, stepPath, taskPath } from './links';
import { QuestionFields } from './question-fields';
import { listUploads } from './list-upload';

interface ListProps {
  view: TaskView;
  report: ReportTask;
  section: SectionDefinition;
  step: StepDefinition;
  list: ListField;
  /** The section's stored answers. */
  values: Values;
  ctx: unknown;
  /** The page after this one in the section ('' when this is the last: the summary). */
  next: string;
  back: string;
}

const itemsOf = (list: ListField, values: Values) => (values[list.name] as Values[] | undefined) ?? [];
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const article = (text: string) => (/^[aeiou]/i.test(text) ? 'an' : 'a');
export const addHeading = (list: ListField) => `Add ${article(list.itemLabel)} ${lower(list.itemLabel)}`;

/** The list's summary: a table of its items with Change and Remove, and Add. */
export function ListSummaryPage({ view, report, section, step, list, values, ctx, next, back }: ListProps) {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const pending = useAnyRequestPending();
  const taskId = view.requestTask.id;
  const items = itemsOf(list, values);
  const all = listRows(list, items, { ctx, section: values });
  const { rows, page, pages } = listPage(all, Number(search.get('page') ?? '1'));
  const columns = listColumns(list);
  const form = useGovForm({ schema: v.object({}), defaultValues: {} });
  usePageTitle(form.errorList.length ? `Error: ${step.title}` : step.title);
  const full = !!list.fixedItems || (list.max !== undefined && items.length >= list.max);
  const here = stepPath(taskId, section.id, step.id);
  const uploadable = !list.fixedItems && list.name in listUploads;

  const onContinue = async () => {
    // Each item was saved on its own page: a section already saved has nothing more to send (a
    // list of 1,000 organisations is not sent again). One never saved is saved once, so that it
    // counts as started.
    const started = reportDraftOf(view.requestTask.payload).sectionsCompleted[section.id] !== undefined;
    if (started) return navigate(next);
    try {
      await saveTask(view, report.save!, {
        section: section.id,
        data: { ...values, [list.name]: items },
        complete: false,
      });
    } catch (err) {
      for (const e of actionErrors(err)) form.setError('root' as never, { message: e.message });
      return;
    }
    navigate(next);
  };

  return (
    <ReportPageLayout back={back} wide returnTo={taskPath(taskId)}>
      <FormErrorSummary form={form} />
      <span className="govuk-caption-l">{section.title}</span>
      <h1 className="govuk-heading-l">{step.title}</h1>
      {step.description?.map((p) => (
        <p key={p} className="govuk-body">
          {p}
        </p>
      ))}
      {all.length === 0 ? (
        <p className="govuk-body">No {lower(list.label)} have been added yet.</p>
      ) : (
        <ScrollableTable label={list.label}>
          <table className="govuk-table">
            <caption className="govuk-table__caption govuk-table__caption--m">
              {list.label} ({items.length.toLocaleString('en-GB')})
            </caption>
            <thead className="govuk-table__head">
              <tr className="govuk-table__row">
                {columns.map((c) => (
                  <th key={c.heading} scope="col" className="govuk-table__header">
                    {c.heading}
                  </th>
                ))}
                <th scope="col" className="govuk-table__header">
                  <span className="govuk-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="govuk-table__body">
              {rows.map(({ item, index }) => {
                const title = itemTitle(list, item, index ?? 0);
                const lead = index === null ? list.leadingRow : undefined;
                return (
                  <tr key={index ?? 'lead'} className="govuk-table__row">
                    {columns.map((c, i) =>
                      i === 0 ? (
                        <th key={c.heading} scope="row" className="govuk-table__header">
                          {listCell(list, c, item, index ?? 0)}
                          {lead ? <span className="govuk-caption-s">{lead.caption}</span> : null}
                        </th>
                      ) : (
                        <td key={c.heading} className="govuk-table__cell">
                          {listCell(list, c, item, index ?? 0)}
                        </td>
                      ),
                    )}
                    <td className="govuk-table__cell esos-table-actions">
                      <Link
                        href={
                          lead
                            ? stepPath(taskId, lead.change.section, lead.change.step, true)
                            : itemPath(taskId, section.id, step.id, index! + 1)
                        }
                        className="govuk-link govuk-!-margin-right-3"
                      >
                        Change<span className="govuk-visually-hidden"> {title}</span>
                      </Link>
                      {list.fixedItems || lead ? null : (
                        <Link href={itemPath(taskId, section.id, step.id, index! + 1, true)} className="govuk-link">
                          Remove<span className="govuk-visually-hidden"> {title}</span>
                        </Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      {pages > 1 ? (
        <Pagination
          totalItems={all.length}
          pageSize={LIST_PAGE_SIZE}
          currentPage={page}
          hrefFor={(p) => `${here}?page=${p}`}
          onPageChange={(p) => navigate(`${here}?page=${p}`)}
        />
      ) : null}
      <ButtonGroup>
        {full ? null : (
          <Button href={itemPath(taskId, section.id, step.id, 'new')} variant="secondary" onClick={inApp(navigate)}>
            {items.length === 0 ? addHeading(list) : (list.addLabel ?? `Add another ${lower(list.itemLabel)}`)}
          </Button>
        )}
        {uploadable ? (
          <Link href={`${here}/upload`} className="govuk-link" onClick={inApp(navigate)}>
            Upload a file instead
          </Link>
        ) : null}
      </ButtonGroup>
      <Button pending={pending} onClick={() => void onContinue()}>
        Save and continue
      </Button>
    </ReportPageLayout>
  );
}

interface ItemProps extends Omit<ListProps, 'next' | 'back'> {
  /** The item's position in the stored list; null to add one. */
  index: number | null;
}

/** A page of one item's questions: adds it, or changes it. */
export function ListItemPage({ view, report, section, step, list, values, ctx, index }: ItemProps) {
  const [, navigate] = useLocation();
  const pending = useAnyRequestPending();
  const taskId = view.requestTask.id;
  const items = itemsOf(list, values);
  const stored = index === null ? {} : (items[index] ?? {});
  const env = useMemo(() => ({ ctx, section: values }), [ctx, values]);
  const schema = useMemo(
    () =>
      v.pipe(
        v.unknown(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const parsed = parseFields(list.item, dataset.value, env);
          for (const issue of parsed.issues)
            addIssue({ message: issue.message, path: pathItems(issue.path, dataset.value) });
          return parsed.issues.length ? NEVER : parsed.values;
        }),
      ),
    [list, env],
  );
  const form = useGovForm({
    schema,
    defaultValues: toFormValues(list.item, stored),
    fieldOrder: fieldNames(list.item),
  });
  const typed = form.watch() as Values;
  const title = index === null ? addHeading(list) : itemTitle(list, stored, index);
  usePageTitle(title);
  const listPath = stepPath(taskId, section.id, step.id);

  const onSubmit = async (answers: Values) => {
    const prefix = `${list.name}.${index ?? items.length}.`;
    // A registration number must be on the company register: said here, where it is typed.
    for (const answer of registerAnswersOf(list.item, answers)) {
      if ((await lookUpCompany(answer.number))?.state === 'missing') {
        form.setError(answer.path as never, { message: answer.message });
        return;
      }
    }
    try {
      await saveTask(view, report.save!, {
        section: section.id,
        list: list.name,
        ...(index === null ? {} : { item: index }),
        data: answers,
      });
    } catch (err) {
      for (const e of actionErrors(err, (p) => {
        const path = p.startsWith(`${section.id}.`) ? p.slice(section.id.length + 1) : p;
        return path.startsWith(prefix) ? path.slice(prefix.length) : null;
      }))
        form.setError((e.path || 'root') as never, { message: e.message });
      return;
    }
    // Items the server gives (copied measures) are answered one after another.
    if (list.fixedItems && index !== null && index + 1 < items.length)
      navigate(itemPath(taskId, section.id, step.id, index + 2));
    else navigate(listPath);
  };

  return (
    <ReportPageLayout back={listPath} returnTo={listPath} returnText={`Return to ${lower(list.label)}`}>
      <FormErrorSummary form={form} />
      <span className="govuk-caption-l">{list.label}</span>
      <h1 className="govuk-heading-l">{title}</h1>
      <form noValidate onSubmit={form.handleSubmit(onSubmit as never)}>
        <QuestionFields fields={list.item} prefix="" form={form} env={env} values={typed} />
        <Button pending={pending}>Save and continue</Button>
      </form>
    </ReportPageLayout>
  );
}

/** Are you sure? before an item is removed. */
export function RemoveItemPage({ view, report, section, step, list, values, index }: ItemProps & { index: number }) {
  const [, navigate] = useLocation();
  const pending = useAnyRequestPending();
  const taskId = view.requestTask.id;
  const item = itemsOf(list, values)[index] ?? {};
  const name = itemTitle(list, item, index);
  const form = useGovForm({ schema: v.object({}), defaultValues: {} });
  const heading = `Are you sure you want to remove ${name}?`;
  usePageTitle(form.errorList.length ? `Error: ${heading}` : heading);
  const listPath = stepPath(taskId, section.id, step.id);

  const remove = async () => {
    try {
      await saveTask(view, report.save!, { section: section.id, list: list.name, item: index, remove: true });
    } catch (err) {
      for (const e of actionErrors(err)) form.setError('root' as never, { message: e.message });
      return;
    }
    navigate(listPath);
  };

  return (
    <>
      <BackLink href={listPath} onClick={inApp(navigate)}>
        Back
      </BackLink>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <FormErrorSummary form={form} />
          <span className="govuk-caption-l">{list.label}</span>
          <h1 className="govuk-heading-l">{heading}</h1>
          <p className="govuk-body">All information entered will be lost.</p>
          <ButtonGroup>
            <Button variant="warning" pending={pending} onClick={() => void remove()}>
              Yes, remove the {lower(list.itemLabel)}
            </Button>
            <Link href={listPath} className="govuk-link" onClick={inApp(navigate)}>
              Cancel
            </Link>
          </ButtonGroup>
        </div>
      </div>
    </>
  );
}

type PathItem = { type: 'object'; origin: 'value'; input: Record<string, unknown>; key: string; value: unknown };

function pathItems(path: string, input: unknown): [PathItem, ...PathItem[]] | undefined {
  if (!path) return undefined;
  let current: unknown = input;
  const items = path.split('.').map((key) => {
    const parent = (current && typeof current === 'object' ? current : {}) as Record<string, unknown>;
    current = parent[key];
    return { type: 'object', origin: 'value', input: parent, key, value: current } as PathItem;
  });
  return items as [PathItem, ...PathItem[]];
}
