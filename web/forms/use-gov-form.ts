import { useId, useLayoutEffect, useMemo } from 'react';
import {
  useForm,
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { setFormErrors } from '../lib/page-title';

export interface FormErrorItem {
  /** Field path as react-hook-form names it, e.g. 'email' or 'ratings.2.reason'. */
  path: string;
  message: string;
}

// Any valibot schema whose input is an object of form fields.
export type FormSchema = v.GenericSchema<any, any> | v.GenericSchemaAsync<any, any>;

export type FormInput<S extends FormSchema> = v.InferInput<S> extends FieldValues ? v.InferInput<S> : FieldValues;
export type FormOutput<S extends FormSchema> = v.InferOutput<S>;

export interface UseGovFormOptions<S extends FormSchema> extends Omit<
  UseFormProps<FormInput<S>, unknown, FormOutput<S>>,
  'resolver' | 'mode' | 'reValidateMode'
> {
  schema: S;
  /**
   * 'submit' (default): errors appear after a submit attempt and then update on change.
   * 'touched': errors appear once a field has been left.
   */
  validateOn?: 'submit' | 'touched';
  /** Order of the error summary; default: the order of the schema's fields. */
  fieldOrder?: readonly string[];
}

export type GovForm<S extends FormSchema = FormSchema> = UseFormReturn<FormInput<S>, unknown, FormOutput<S>> & {
  /** Every error message in field order, for the error summary. */
  errorList: FormErrorItem[];
  /** Message of one field's error, for a component's `errorMessage`. */
  errorFor: (path: string) => string | undefined;
  validateOn: 'submit' | 'touched';
};

const META_KEYS = new Set(['message', 'type', 'ref', 'types', 'root']);

/** Flattens react-hook-form's nested errors to `{ path, message }`, in the errors' own order. */
export function flattenErrors(errors: FieldErrors | undefined, prefix = ''): FormErrorItem[] {
  if (!errors || typeof errors !== 'object') return [];
  const result: FormErrorItem[] = [];
  const node = errors as Record<string, unknown>;
  if (prefix && typeof node.message === 'string' && node.message !== '')
    result.push({ path: prefix, message: node.message });
  for (const [key, child] of Object.entries(node)) {
    if (META_KEYS.has(key) || !child || typeof child !== 'object') continue;
    result.push(...flattenErrors(child as FieldErrors, prefix ? `${prefix}.${key}` : key));
  }
  return result;
}

interface SchemaLike {
  entries?: Record<string, SchemaLike>;
  wrapped?: SchemaLike;
  item?: SchemaLike;
}

/** Field paths of an object schema in declaration order (array items as '#'). */
export function schemaFieldOrder(schema: unknown, prefix = ''): string[] {
  const s = schema as SchemaLike | undefined;
  if (!s || typeof s !== 'object') return [];
  if (s.wrapped) return schemaFieldOrder(s.wrapped, prefix);
  if (s.item) return schemaFieldOrder(s.item, prefix ? `${prefix}.#` : '#');
  if (!s.entries) return [];
  const paths: string[] = [];
  for (const [key, entry] of Object.entries(s.entries)) {
    const path = prefix ? `${prefix}.${key}` : key;
    paths.push(path, ...schemaFieldOrder(entry, path));
  }
  return paths;
}

/** Sorts errors by a field order (numeric path segments match '#'); unknown paths keep their place at the end. */
export function orderErrors(errors: readonly FormErrorItem[], order: readonly string[]): FormErrorItem[] {
  const rank = (path: string) => {
    const exact = order.indexOf(path);
    if (exact >= 0) return exact;
    const generic = order.indexOf(path.replace(/\.\d+(?=\.|$)/g, '.#').replace(/^\d+(?=\.|$)/, '#'));
    return generic >= 0 ? generic : Number.MAX_SAFE_INTEGER;
  };
  return errors
    .map((error, index) => ({ error, index, rank: rank(error.path) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.error);
}

/**
 * react-hook-form with a valibot schema and the GOV.UK error behaviour: errors after submit
 * (`mode: 'onSubmit'`, `reValidateMode: 'onChange'`) or after touch (`mode: 'onTouched'`), a flat
 * error list for the summary, and the 'Error: ' page-title prefix while the form shows errors.
 */
export function useGovForm<S extends FormSchema>({
  schema,
  validateOn = 'submit',
  fieldOrder,
  ...options
}: UseGovFormOptions<S>): GovForm<S> {
  const form = useForm<FormInput<S>, unknown, FormOutput<S>>({
    shouldFocusError: false,
    ...options,
    resolver: valibotResolver(schema as any) as any,
    mode: validateOn === 'submit' ? 'onSubmit' : 'onTouched',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const order = useMemo(() => fieldOrder ?? schemaFieldOrder(schema), [fieldOrder, schema]);
  const errorList = orderErrors(flattenErrors(errors as FieldErrors), order);
  const hasErrors = errorList.length > 0;

  // In the commit that shows or hides the errors (a layout effect), so the title never disagrees
  // with the page: a passive effect runs later, and a resolver's answer can land between the two.
  const formId = useId();
  useLayoutEffect(() => {
    setFormErrors(formId, hasErrors);
  }, [formId, hasErrors]);
  useLayoutEffect(() => () => setFormErrors(formId, false), [formId]);

  const errorFor = (path: string): string | undefined => {
    const error = get(errors, path) as { message?: unknown } | undefined;
    return typeof error?.message === 'string' && error.message !== '' ? error.message : undefined;
  };

  return Object.assign(form, { errorList, errorFor, validateOn });
}

/**
 * Props for `<DateInput>` of a date value field `{ day, month, year }` validated as a whole (e.g.
 * `dateValue()`): the three inputs are registered as `{path}.day` etc. react-hook-form does not
 * re-validate a parent path when a nested input changes, so the group is re-validated here
 * (on change after a submit attempt, on blur in 'touched' mode).
 */
export function registerDate<S extends FormSchema>(form: GovForm<S>, path: string) {
  const register = form.register as unknown as (name: string) => ReturnType<UseFormReturn['register']>;
  const trigger = form.trigger as unknown as (name: string) => Promise<boolean>;
  const part = (name: 'day' | 'month' | 'year') => {
    const registered = register(`${path}.${name}`);
    return {
      ...registered,
      onChange: async (event: { target: unknown; type?: unknown }) => {
        await registered.onChange(event);
        if (form.formState.isSubmitted) await trigger(path);
      },
      onBlur: async (event: { target: unknown; type?: unknown }) => {
        await registered.onBlur(event);
        if (form.validateOn === 'touched' || form.formState.isSubmitted) await trigger(path);
      },
    };
  };
  return {
    name: path,
    day: part('day'),
    month: part('month'),
    year: part('year'),
    errorMessage:
      form.errorFor(path) ??
      form.errorFor(`${path}.day`) ??
      form.errorFor(`${path}.month`) ??
      form.errorFor(`${path}.year`),
  };
}

/** `form.register(path)` plus the field's error message, ready to spread onto a field component. */
export function field<S extends FormSchema>(form: GovForm<S>, path: Path<FormInput<S>>) {
  return { ...form.register(path), errorMessage: form.errorFor(path) };
}
