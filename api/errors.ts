// The one error type handlers throw. The error middleware turns it into JSON { code, message, field? }.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly fields?: { field: string; message: string }[],
    /** Further detail a caller can act on (e.g. why a process cannot start). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Resource not found') => new ApiError(404, 'NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Sign in to continue') => new ApiError(401, 'UNAUTHORIZED', message);
export const badRequest = (message: string, field?: string) => new ApiError(400, 'BAD_REQUEST', message, field);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);
/**
 * Nobody changes their own permissions or status, resets their own one-time code or unlocks their
 * own sign-in through an administrator's route (operator and regulator routes alike).
 */
export const notOwn = (what: string) =>
  new ApiError(400, 'AUTHORITY_SELF', `You cannot change your own ${what}`, 'userId');
