// What account notes and request notes share (reference platform §3.5): regulators see every note,
// operators only operators' notes; newest first, paged in the database; files are uploaded first and
// attached by uuid when the note is saved (api/files/note-files.ts). The two route files add who may
// see and write notes on their place (an account, a request).
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { AppDeps } from './deps';
import type { CurrentUser } from './auth/current-user';
import { ApiError, notFound } from './errors';
import { required } from './validate';
import { fileUuidParam, pageParams } from './params';
import { fullName } from '../domain/work-items';
import type { NoteDto } from '../domain/notes';
import { BIGINT_ID_MAX, parseIdText } from '../domain/validation';
import {
  attachNoteFiles,
  deleteNoteFiles,
  noteFileUuids,
  ofPlace,
  purgeAbandonedNoteFiles,
  type NotePlace,
} from './files/note-files';
import { checkUpload, readUploadParts, storeFile } from './files/uploads';
import { issueFileToken } from './files/tokens';

export interface NoteRow {
  id: string;
  payload: { note: string; files?: Record<string, string> };
  submitter_id: string;
  submitter: string;
  role_type: NoteDto['roleType'];
  updated_at: Date;
}

const tableOf = (place: NotePlace) => ('accountId' in place ? 'account_notes' : 'request_notes');
const onPlace = (place: NotePlace) =>
  'accountId' in place ? { account_id: place.accountId } : { request_id: place.requestId };

export const noteVisibleTo = (user: CurrentUser, note: Pick<NoteRow, 'role_type'>) =>
  user.roleType === 'REGULATOR' || note.role_type === 'OPERATOR';

/** A note's fields as the API answers them; the caller adds the place's id. */
export function noteFields(row: NoteRow, editable: boolean): NoteDto {
  return {
    id: Number(row.id),
    note: row.payload.note,
    files: row.payload.files ?? {},
    submitter: row.submitter,
    submitterId: row.submitter_id,
    roleType: row.role_type,
    updatedAt: new Date(row.updated_at).toISOString(),
    editable,
  };
}

/**
 * The 404 a note answers when the caller may not see its place: the very one of a note that does not
 * exist ('Note not found'), so nobody learns that a note id is in use elsewhere. Anything else is
 * passed on as it is.
 */
export function asMissingNote(err: unknown): never {
  if (err instanceof ApiError && err.status === 404) throw notFound('Note not found');
  throw err;
}

/** The note row by id (404 when there is none); the caller then checks its place. */
export async function findNote<R extends NoteRow>(
  db: Knex,
  table: 'account_notes' | 'request_notes',
  rawId: string | undefined,
): Promise<R> {
  const id = parseIdText(required(rawId, 'id'), BIGINT_ID_MAX);
  if (id === null) throw notFound('Note not found');
  const row: R | undefined = await db(table).where({ id }).first();
  if (!row) throw notFound('Note not found');
  return row;
}

/** One page of the notes on a place that the caller may see, and their number. */
export async function listNotes<R extends NoteRow>(
  ctx: Context,
  db: Knex,
  user: CurrentUser,
  place: NotePlace,
): Promise<{ rows: R[]; total: number }> {
  const { page, size } = pageParams(ctx.query);
  await purgeAbandonedNoteFiles(db);
  const query = db(tableOf(place)).where(onPlace(place));
  if (user.roleType !== 'REGULATOR') query.where({ role_type: 'OPERATOR' });
  const [{ total }] = await query.clone().count({ total: '*' });
  const rows: R[] = await query
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(size)
    .offset(page * size)
    .select('*');
  return { rows, total: Number(total) };
}

export async function insertNote<R extends NoteRow>(
  db: Knex,
  user: CurrentUser,
  place: NotePlace,
  note: string,
  body: unknown,
): Promise<R> {
  const uuids = noteFileUuids(body) ?? [];
  return db.transaction(async (trx) => {
    const files = await attachNoteFiles(trx, { uuids, kept: {}, userId: user.userId, place });
    const [inserted] = await trx(tableOf(place))
      .insert({
        ...onPlace(place),
        payload: JSON.stringify({ note, files }),
        submitter_id: user.userId,
        submitter: fullName(user).trim() || user.email,
        role_type: user.roleType,
      })
      .returning('*');
    return inserted as R;
  });
}

/** New text; without `files` in the body the note keeps the files it has. */
export async function updateNote<R extends NoteRow>(
  db: Knex,
  user: CurrentUser,
  place: NotePlace,
  row: R,
  note: string,
  body: unknown,
): Promise<R> {
  const uuids = noteFileUuids(body);
  return db.transaction(async (trx) => {
    const kept = row.payload.files ?? {};
    const files = uuids === undefined ? kept : await attachNoteFiles(trx, { uuids, kept, userId: user.userId, place });
    const [saved] = await trx(tableOf(place))
      .where({ id: row.id })
      .update({ payload: JSON.stringify({ ...row.payload, note, files }), updated_at: trx.fn.now() })
      .returning('*');
    return saved as R;
  });
}

export async function deleteNote(db: Knex, place: NotePlace, row: NoteRow): Promise<void> {
  await db.transaction(async (trx) => {
    await trx(tableOf(place)).where({ id: row.id }).delete();
    await deleteNoteFiles(trx, row.payload.files);
  });
}

/** A download token for a file of a note the caller can see on this place, or their own unsaved upload. */
export async function noteFileToken(ctx: Context, { db, config }: AppDeps, user: CurrentUser, place: NotePlace) {
  const uuid = fileUuidParam(ctx.query, 'uuid');
  const notes = db(tableOf(place)).where(onPlace(place)).whereRaw("payload->'files' \\? ?", [uuid]);
  if (user.roleType !== 'REGULATOR') notes.where({ role_type: 'OPERATOR' });
  const onNote = await notes.first('id');
  const ownUpload = onNote
    ? null
    : await ofPlace(db('files').where({ uuid, kind: 'NOTE', status: 'PENDING', created_by: user.userId }), place).first(
        'uuid',
      );
  if (!onNote && !ownUpload) throw notFound('File not found');
  return issueFileToken({ config, db }, { uuid, kind: 'NOTE', userId: user.userId });
}

/** Checks and stores an upload for a note on this place (PENDING until a note is saved with it). */
export async function uploadNoteFile(
  ctx: Context,
  deps: AppDeps,
  user: CurrentUser,
  place: NotePlace,
  accountId: number | null,
): Promise<{ uuid: string }> {
  const file = await checkUpload(deps, await readUploadParts(ctx), 'file');
  const requestId = 'requestId' in place ? place.requestId : undefined;
  return { uuid: await storeFile(deps.db, file, { kind: 'NOTE', accountId, requestId, createdBy: user.userId }) };
}
