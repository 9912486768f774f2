import * as v from 'valibot';
import { ApiError } from './errors';

/** Parses input with a valibot schema from domain/; a mismatch is a 400 with a message per field. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields = result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }));
  const first = fields[0];
  throw new ApiError(
    400,
    'VALIDATION_ERROR',
    first.field ? `${first.field}: ${first.message}` : first.message,
    first.field || undefined,
    fields,
  );
}

/** The spec's call-level check: a required path, query or body parameter that is missing. */
export function required<T>(value: T | null | undefined, name: string): T {
  if (value === null || value === undefined || value === '') {
    throw new ApiError(400, 'REQUIRED_PARAMETER', `Required parameter ${name} was null or undefined`, name);
  }
  return value;
}

const idempotencyKeySchema = v.pipe(
  v.string(),
  v.regex(
    /^[A-Za-z0-9._:-]{8,100}$/,
    'The Idempotency-Key header must be 8 to 100 letters, digits, dots, colons, dashes or underscores',
  ),
);

/** The caller's Idempotency-Key header (a retry sends the same one), or undefined when it sent none. */
export function idempotencyKey(ctx: { get(name: string): string }): string | undefined {
  const sent = ctx.get('idempotency-key');
  return sent === '' ? undefined : validate(idempotencyKeySchema, sent);
}
