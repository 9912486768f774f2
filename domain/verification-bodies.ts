// Verification bodies appointed to organisation accounts (spec §7 "Verification body"). The
// verifier screens are not part of the product; these calls are.
import * as v from 'valibot';

export const VERIFICATION_BODY_REQUIRED = 'Select a verification body';

/** Appoint verification body DTO. */
export const appointVerificationBodySchema = v.object({
  verificationBodyId: v.pipe(
    v.number(VERIFICATION_BODY_REQUIRED),
    v.integer(VERIFICATION_BODY_REQUIRED),
    v.minValue(1, VERIFICATION_BODY_REQUIRED),
  ),
});

export const verificationBodyDtoSchema = v.object({ id: v.number(), name: v.string(), status: v.string() });
export type VerificationBodyDto = v.InferOutput<typeof verificationBodyDtoSchema>;
