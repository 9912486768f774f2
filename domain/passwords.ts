// A password's length limits (spec section 5): the identity provider's sign-up and reset pages and
// their strength meter check them, and the SPA's reset-password page names the minimum in its hint.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
