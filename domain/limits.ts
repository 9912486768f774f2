// The limits on what a caller may send, in one place. Each field's own limit (a note's 10,000
// characters, a name's 255) is part of its schema in domain/; these are the outer bounds every
// request meets before any handler runs, so that no input can make the service work hard, nest
// deeper than code expects, or carry what PostgreSQL refuses (a NUL character in text).
import { CSV_MAX_ROWS } from './accounts';
import { UPLOAD_MAX_BYTES } from './files';
import { SIGNATURE_MAX_BYTES } from './users';

export const inputLimits = {
  /** A JSON body, in bytes; BODY_LIMIT (infra/config.ts) may set another, e.g. '2mb'. */
  jsonBodyBytes: 1024 * 1024,
  /** A multipart body with one file: the file (domain/files.ts) and room for the part headers and a small JSON part. */
  uploadBodyBytes: UPLOAD_MAX_BYTES + 64 * 1024,
  /** A multipart body with a signature image (domain/users.ts). */
  signatureBodyBytes: SIGNATURE_MAX_BYTES + 64 * 1024,
  /** Path and query string together, in characters as sent (percent-encoded). */
  urlLength: 4096,
  /** Objects and arrays inside one another in a JSON body (the deepest real body nests about 8). */
  jsonDepth: 32,
  /** Characters in any one string of a JSON body (the longest field allows 10,000). */
  stringLength: 100_000,
  /** Items in any one list (the verified-accounts upload sends up to 10,000 rows). */
  listLength: CSV_MAX_ROWS,
  /** Fields in any one object. */
  objectKeys: 1000,
} as const;
