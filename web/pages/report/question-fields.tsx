// The inputs of a question page, drawn from the report definition's fields (domain/reports/fields.ts):
// one GOV.UK component per kind, registered with react-hook-form under the answer's path. Which
// fields show is decided as the server decides it: by running the fields' parsing on what is typed.
import { Fragment, type ReactNode } from 'react';
import { HelpPanel } from './help-panel';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import {
  Button,
  Checkboxes,
  DateInput,
  Fieldset,
  FormGroup,
  MonthSelect,
  Radios,
  Select,
  SummaryList,
  TextInput,
  Textarea,
} from '../../components';
import { errorAnchorId } from '../../components';
import type { GovForm } from '../../forms';
import { registerDate } from '../../forms/use-gov-form';
import {
  answerRows,
  fieldNames,
  formatAnswer,
  parseFields,
  toFormValues,
  type Field,
  type FieldEnv,
  type Values,
} from '../../../domain/reports/fields';

/** The years a month select offers: those of its bounds, and a stored year outside them (kept, not lost). */
function monthYears(min: string, max: string, stored?: string): number[] {
  const first = Number(min.slice(0, 4));
  const years = Array.from({ length: Number(max.slice(0, 4)) - first + 1 }, (_, i) => first + i);
  const kept = Number(stored);
  if (stored && /^\d{4}$/.test(stored) && !years.includes(kept)) years.push(kept);
  return years.sort((a, b) => a - b);
}

const widthClass = (width?: string) =>
  width ? (/^\d+$/.test(width) ? `govuk-input--width-${width}` : `govuk-!-width-${width}`) : undefined;

interface FieldsProps {
  fields: readonly Field[];
  /** The form path of these fields' values ('' at the page's top, 'group.' or 'list.0.' below). */
  prefix: string;
  form: GovForm;
  env: FieldEnv<unknown>;
  /** The values typed at this level, for conditions and computed answers. */
  values: Values;
  /** On a page of one question the question is the page's heading. */
  headingField?: string;
}

/** The fields of one level, those that are asked for what is typed; revealed fields go under their option. */
export function QuestionFields({ fields, prefix, form, env, values, headingField }: FieldsProps) {
  const { asked, values: parsed } = parseFields(fields, values, env);
  // Two fields may keep their answer under one name, each asked in its own case (a progress update's
  // questions for a measure due before or after the action plan): each field's own condition decides,
  // on the answers before it, as parsing decides.
  const shown = (field: Field, index: number) => {
    if (!asked.has(field.name)) return false;
    if (!field.when) return true;
    const before = new Set(fieldNames(fields.slice(0, index)));
    return field.when(Object.fromEntries(Object.entries(parsed).filter(([name]) => before.has(name))), env);
  };
  return (
    <>
      {fields.filter(shown).map((field) => (
        <Fragment key={field.name}>
          <QuestionField
            field={field}
            prefix={prefix}
            form={form}
            env={env}
            values={values}
            parsed={parsed}
            asked={asked}
            heading={field.name === headingField}
          />
          {field.help ? <HelpPanel help={field.help} /> : null}
        </Fragment>
      ))}
    </>
  );
}

interface FieldProps {
  field: Field;
  prefix: string;
  form: GovForm;
  env: FieldEnv<unknown>;
  values: Values;
  parsed: Values;
  asked: Set<string>;
  heading: boolean;
}

function QuestionField({ field, prefix, form, env, values, parsed, asked, heading }: FieldProps) {
  const path = `${prefix}${field.name}`;
  // Answers the server keeps (copied from the report before) are shown, not asked; an id is neither.
  if ('hidden' in field && field.hidden) return null;
  if (field.kind === 'group' && field.readOnly) {
    // A copied measure (the action plan's, or an earlier update's answers): its answers, not inputs.
    return (
      <div className="govuk-form-group">
        <h2 className="govuk-heading-s govuk-!-margin-bottom-1">{field.label}</h2>
        <SummaryList
          rows={answerRows(field.fields, values[field.name] as Values | undefined, env).map((row) => ({
            key: row.key,
            value: row.value.map((line, i) => (
              <span key={i} className="esos-answer-line">
                {line}
              </span>
            )),
          }))}
        />
      </div>
    );
  }
  if ('readOnly' in field && field.readOnly && field.kind !== 'group' && field.kind !== 'list') {
    return (
      <div className="govuk-form-group">
        <h2 className="govuk-heading-s govuk-!-margin-bottom-1">{field.label}</h2>
        <p className="govuk-body">{formatAnswer(field, values[field.name]).join(', ')}</p>
      </div>
    );
  }
  const register = (form as unknown as UseFormReturn<Values>).register;
  const error = form.errorFor(path);
  const labelClass = heading ? 'govuk-label--l' : 'govuk-label--s';
  const legendClass = heading ? 'govuk-fieldset__legend--l' : 'govuk-fieldset__legend--s';
  // The props every question shares: a label for one input, a legend for a group of them.
  const labelled = {
    id: path,
    label: field.label,
    labelClassName: labelClass,
    isPageHeading: heading,
    hint: field.hint,
    errorMessage: error,
  };
  const legended = {
    idPrefix: path,
    legend: field.label,
    legendClassName: legendClass,
    isPageHeading: heading,
    hint: field.hint,
    errorMessage: error,
  };
  const revealed = (option: { reveal?: Field[] }): ReactNode =>
    option.reveal?.length ? (
      <QuestionFields
        fields={option.reveal.filter((f) => asked.has(f.name))}
        prefix={prefix}
        form={form}
        env={env}
        values={values}
      />
    ) : undefined;

  switch (field.kind) {
    case 'text':
      return (
        <TextInput
          {...register(path)}
          {...labelled}
          type={field.inputType ?? 'text'}
          autoComplete={field.autocomplete}
          spellCheck={field.format === 'email' ? false : undefined}
          className={widthClass(field.width)}
        />
      );
    case 'textarea':
      return <Textarea {...register(path)} {...labelled} maxLength={field.maxLength} />;
    case 'number':
      return (
        <TextInput
          {...register(path)}
          {...labelled}
          inputMode={field.integer ? 'numeric' : 'decimal'}
          spellCheck={false}
          prefix={field.prefix}
          suffix={field.suffix}
          className="govuk-input--width-10"
        />
      );
    case 'radios':
      return (
        <Radios
          {...register(path)}
          {...legended}
          inline={field.inline}
          items={field.options.map((o) => ({
            value: String(o.value),
            text: o.text,
            hint: o.hint,
            conditional: revealed(o),
          }))}
        />
      );
    case 'select':
      return (
        <Select
          {...register(path)}
          {...labelled}
          options={[
            { value: '', text: 'Select' },
            ...field.options.map((o) => ({ value: String(o.value), text: o.text })),
          ]}
        />
      );
    case 'checkboxes':
      return (
        <Checkboxes
          {...register(path)}
          {...legended}
          items={field.options.map((o) => ({
            value: String(o.value),
            text: o.text,
            hint: o.hint,
            conditional: revealed(o),
            behaviour: o.exclusive ? ('exclusive' as const) : undefined,
          }))}
        />
      );
    case 'date':
      return (
        <DateInput
          id={path}
          {...registerDate(form, path)}
          legend={field.label}
          legendClassName={legendClass}
          isPageHeading={heading}
          hint={field.hint}
        />
      );
    case 'month':
      // A month bounded at both ends (an implementation date within the action plan's period) is
      // chosen from selects of its months and years; the same parsing gives the same messages.
      if (field.min && field.max)
        return (
          <MonthSelect
            id={path}
            name={path}
            month={register(`${path}.month`)}
            year={register(`${path}.year`)}
            years={monthYears(field.min, field.max, (values[field.name] as { year?: string } | undefined)?.year)}
            legend={field.label}
            legendClassName={legendClass}
            isPageHeading={heading}
            hint={field.hint}
            errorMessage={error ?? form.errorFor(`${path}.month`) ?? form.errorFor(`${path}.year`)}
          />
        );
      return (
        <DateInput
          id={path}
          name={path}
          parts={['month', 'year']}
          month={register(`${path}.month`)}
          year={register(`${path}.year`)}
          legend={field.label}
          legendClassName={legendClass}
          isPageHeading={heading}
          hint={field.hint ?? 'For example, 12 2023'}
          errorMessage={error ?? form.errorFor(`${path}.month`) ?? form.errorFor(`${path}.year`)}
        />
      );
    case 'group':
      return (
        <FormGroup id={errorAnchorId(path)} error={!!error}>
          <Fieldset legend={field.label} legendClassName={legendClass} isPageHeading={heading}>
            {field.hint ? <div className="govuk-hint">{field.hint}</div> : null}
            {error ? (
              <p className="govuk-error-message">
                <span className="govuk-visually-hidden">Error:</span> {error}
              </p>
            ) : null}
            <QuestionFields
              fields={field.fields}
              prefix={`${path}.`}
              form={form}
              env={env}
              values={(values[field.name] as Values | undefined) ?? {}}
            />
          </Fieldset>
        </FormGroup>
      );
    case 'list':
      return (
        <ListInput
          field={field}
          path={path}
          form={form}
          env={env}
          items={(values[field.name] as Values[] | undefined) ?? []}
          error={error}
          heading={heading}
        />
      );
    case 'computed': {
      const value = field.compute(parsed, env);
      return (
        <FormGroup id={errorAnchorId(path)} error={!!error}>
          <h2 className="govuk-heading-s govuk-!-margin-bottom-1">{field.label}</h2>
          {error ? (
            <p className="govuk-error-message">
              <span className="govuk-visually-hidden">Error:</span> {error}
            </p>
          ) : null}
          <p className="govuk-body" aria-live="polite">
            {value === null ? 'Worked out from your answers' : formatAnswer(field, value).join(' ')}
          </p>
        </FormGroup>
      );
    }
  }
}

function ListInput({
  field,
  path,
  form,
  env,
  items,
  error,
  heading,
}: {
  field: Extract<Field, { kind: 'list' }>;
  path: string;
  form: GovForm;
  env: FieldEnv<unknown>;
  items: Values[];
  error?: string;
  heading: boolean;
}) {
  const {
    fields: rows,
    append,
    remove,
  } = useFieldArray({ control: (form as unknown as UseFormReturn<{ list: Values[] }>).control, name: path as 'list' });
  const fixed = !!field.fixedItems;
  const full = fixed || (field.max !== undefined && rows.length >= field.max);
  return (
    <FormGroup id={errorAnchorId(path)} error={!!error}>
      <Fieldset
        legend={field.label}
        legendClassName={heading ? 'govuk-fieldset__legend--l' : 'govuk-fieldset__legend--m'}
        isPageHeading={heading}
      >
        {field.hint ? <div className="govuk-hint">{field.hint}</div> : null}
        {error ? (
          <p className="govuk-error-message">
            <span className="govuk-visually-hidden">Error:</span> {error}
          </p>
        ) : null}
        {rows.length === 0 ? <p className="govuk-body">None added yet.</p> : null}
        {rows.map((row, index) => (
          <div key={row.id} className="govuk-!-margin-bottom-6">
            <Fieldset legend={`${field.itemLabel} ${index + 1}`} legendClassName="govuk-fieldset__legend--s">
              <QuestionFields
                fields={field.item}
                prefix={`${path}.${index}.`}
                form={form}
                env={env}
                values={items[index] ?? {}}
              />
              {fixed ? null : (
                <Button type="button" variant="secondary" onClick={() => remove(index)}>
                  Remove
                  <span className="govuk-visually-hidden"> {`${field.itemLabel.toLowerCase()} ${index + 1}`}</span>
                </Button>
              )}
            </Fieldset>
          </div>
        ))}
        {full ? null : (
          <Button type="button" variant="secondary" onClick={() => append(toFormValues(field.item, {}))}>
            {field.addLabel ??
              (rows.length === 0
                ? `Add ${field.itemLabel.toLowerCase()}`
                : `Add another ${field.itemLabel.toLowerCase()}`)}
          </Button>
        )}
      </Fieldset>
    </FormGroup>
  );
}
