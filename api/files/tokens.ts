// Download tokens (reference platform §2.9, §4.5): an authorised call hands out a short-lived token
// for one file, and the download URL carries only that token. They are HS256 JWTs, not stored: the
// signature binds the file uuid, the kind of download URL it is good for and, for note files
// (downloaded with a bearer token), the user it was given to.
import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ApiError } from '../errors';
import type { FileToken } from '../../domain/files';
import type { Db } from '../../infra/db';

export type FileKind = 'ATTACHMENT' | 'DOCUMENT' | 'NOTE' | 'SIGNATURE';

/** The reference's lifetime: the SPA fetches the file straight after asking for the token. */
export const FILE_TOKEN_MINUTES = 1;
const SUBJECT = 'get_file';
const AUDIENCE = 'esos-file-download';

/** Where the signing key comes from; AppDeps is one. */
export interface FileTokenKeySource {
  config: { fileTokenSecret: string | null };
  db: Db;
}

const SECRET_NAME = 'file-token-secret';
const stored = new WeakMap<Db, Promise<Uint8Array>>();

async function loadStoredSecret(db: Db): Promise<Uint8Array> {
  const read = async () =>
    (await db('identity_keys').where({ name: SECRET_NAME }).first('value'))?.value as string | undefined;
  let value = await read();
  if (!value) {
    // Two replicas starting together: the first insert wins and both read it back.
    await db('identity_keys')
      .insert({ name: SECRET_NAME, value: JSON.stringify(randomBytes(32).toString('base64url')) })
      .onConflict('name')
      .ignore();
    value = await read();
  }
  return new Uint8Array(Buffer.from(value!, 'base64url'));
}

/**
 * The one signing key of every file token: FILE_TOKEN_SECRET when set, otherwise a secret generated
 * once and kept in the database, so every API process and replica issues and accepts the same tokens.
 * Read once per database handle; a failed read is not remembered.
 */
export function fileTokenKey({ config, db }: FileTokenKeySource): Promise<Uint8Array> {
  if (config.fileTokenSecret) return Promise.resolve(new TextEncoder().encode(config.fileTokenSecret));
  let key = stored.get(db);
  if (!key) {
    key = loadStoredSecret(db).catch((err) => {
      stored.delete(db);
      throw err;
    });
    stored.set(db, key);
  }
  return key;
}

export interface FileTokenClaims {
  uuid: string;
  kind: FileKind;
  /** Only this user may use it (note files). */
  userId?: string;
}

export async function issueFileToken(
  keys: FileTokenKeySource,
  claims: FileTokenClaims,
  options: { now?: Date } = {},
): Promise<FileToken> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const token = await new SignJWT({
    get_file_uuid: claims.uuid,
    kind: claims.kind,
    ...(claims.userId ? { uid: claims.userId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(SUBJECT)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + FILE_TOKEN_MINUTES * 60)
    .sign(await fileTokenKey(keys));
  return { token, tokenExpirationMinutes: FILE_TOKEN_MINUTES };
}

const invalid = () => new ApiError(400, 'TOKEN1001', 'Invalid Token');

export interface VerifiedFileToken {
  uuid: string;
  kind: FileKind;
  userId: string | null;
}

/**
 * The file a token is good for at a download URL taking these kinds; 400 when forged, expired or
 * for another URL.
 */
export async function verifyFileToken(
  keys: FileTokenKeySource,
  token: string,
  kinds: FileKind | readonly FileKind[],
): Promise<VerifiedFileToken> {
  if (token.length > 2000) throw invalid();
  const accepted: readonly unknown[] = typeof kinds === 'string' ? [kinds] : kinds;
  const key = await fileTokenKey(keys);
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE, subject: SUBJECT });
    if (!accepted.includes(payload.kind) || typeof payload.get_file_uuid !== 'string') throw invalid();
    return {
      uuid: payload.get_file_uuid,
      kind: payload.kind as FileKind,
      userId: typeof payload.uid === 'string' ? payload.uid : null,
    };
  } catch (err) {
    if (err instanceof errors.JWTExpired)
      throw new ApiError(400, 'TOKEN1003', 'The download link has expired. Go back and select the file again');
    throw invalid();
  }
}
