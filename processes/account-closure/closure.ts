// The account closure's payload: the regulator's reason (reference: workflows §11).
import * as v from 'valibot';
import { maxLengthText, requiredValue, trimmedOrNull } from '../../domain/validation';
import { REASON_TOO_LONG } from '../../domain/accounts';

export const CLOSURE_REASON_MAX_LENGTH = 10000;
export const CLOSURE_REASON_REQUIRED = 'Enter a reason for closing the account';

/** The account closure's submission: `{ accountClosure: { reason } }`, the reason trimmed. */
export const accountClosureSchema = v.object({
  // A missing closure is a missing reason (its message, not 'Invalid key').
  accountClosure: v.optional(
    v.object({
      reason: v.pipe(
        v.nullish(v.string(), null),
        trimmedOrNull(),
        requiredValue<string | null>(CLOSURE_REASON_REQUIRED),
        maxLengthText<string | null>(CLOSURE_REASON_MAX_LENGTH, REASON_TOO_LONG),
        v.transform((input) => input as string),
      ),
    }),
    {},
  ),
});
export type AccountClosurePayload = v.InferOutput<typeof accountClosureSchema>;
