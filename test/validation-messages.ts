import * as v from 'valibot';

/** First issue message of a parse (as a form shows it), or null when the input is valid. */
export function firstMessage(schema: v.GenericSchema, input: unknown): string | null {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? null : (result.issues[0]?.message ?? null);
}
