// Files of notes (account and request notes, reference platform §3.5): uploaded first as PENDING,
// referenced by uuid when the note is saved, which makes them SUBMITTED; files taken off a note,
// or of a deleted note, are deleted; PENDING files nobody saved are purged after a day.
import type { Knex } from 'knex';
import * as v from 'valibot';
import { ApiError } from '../errors';
import { validate } from '../validate';
import { noteFilesSchema } from '../../domain/notes';

const noteBodyFiles = v.object({ files: noteFilesSchema });

/** The `files` of a note body (400 when malformed); undefined when absent. */
export function noteFileUuids(body: unknown): string[] | undefined {
  return validate(noteBodyFiles, { files: (body as { files?: unknown } | null | undefined)?.files }).files;
}

/** Where a note lives: its account (account notes) or request (request notes). */
export type NotePlace = { accountId: number } | { requestId: string };

/** Uploads for a request note also carry the request's account: an account note's have no request. */
export const ofPlace = (query: Knex.QueryBuilder, place: NotePlace) =>
  'accountId' in place
    ? query.where({ account_id: place.accountId }).whereNull('request_id')
    : query.where({ request_id: place.requestId });

/**
 * The `files` map of a note saved with these uuids. `kept` are the files the note has now (they may
 * stay); anything else must be the caller's own PENDING upload for the same place. Call inside the
 * note's transaction: the files become SUBMITTED and the ones dropped from the note are deleted.
 */
export async function attachNoteFiles(
  trx: Knex.Transaction,
  args: { uuids: string[]; kept: Record<string, string>; userId: string; place: NotePlace },
): Promise<Record<string, string>> {
  const wanted = [...new Set(args.uuids)];
  const fresh = wanted.filter((u) => !Object.hasOwn(args.kept, u));
  const claimed: { uuid: string; file_name: string }[] = fresh.length
    ? await ofPlace(
        trx('files').whereIn('uuid', fresh).where({ kind: 'NOTE', status: 'PENDING', created_by: args.userId }),
        args.place,
      )
        .update({ status: 'SUBMITTED' })
        .returning(['uuid', 'file_name'])
    : [];
  if (claimed.length !== fresh.length) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'files: A selected file was not found. Upload it again', 'files');
  }
  const dropped = Object.keys(args.kept).filter((u) => !wanted.includes(u));
  if (dropped.length) await trx('files').whereIn('uuid', dropped).where({ kind: 'NOTE' }).delete();
  const names = new Map(claimed.map((c) => [c.uuid, c.file_name]));
  return Object.fromEntries(wanted.map((u) => [u, args.kept[u] ?? names.get(u)!]));
}

/** Deletes the files of a note that is being deleted. */
export async function deleteNoteFiles(trx: Knex.Transaction, files: Record<string, string> | undefined): Promise<void> {
  const uuids = Object.keys(files ?? {});
  if (uuids.length) await trx('files').whereIn('uuid', uuids).where({ kind: 'NOTE' }).delete();
}

/** Lazily, when a notes list is read (as the reference does): note uploads never saved within a day. */
export async function purgeAbandonedNoteFiles(db: Knex): Promise<void> {
  await db('files')
    .where({ kind: 'NOTE', status: 'PENDING' })
    .where('created_at', '<', db.raw("now() - interval '1 day'"))
    .delete();
}
