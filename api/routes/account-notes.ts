// Account notes (reference platform §3.5): regulators see every note of the accounts of their
// competent authority, operators only notes written by operators. A note is changed or deleted only
// by someone of the role type that wrote it; operators also need PERM_ACCOUNT_NOTES_EDIT. What all
// notes share is in notes.ts.
import type { Context } from 'koa';
import { fileUuidQuery, textQuery } from '../params';
import type { RouteDef, RouteIo } from '../routing';
import { role, route } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { assertAccountAccess, canOnAccount, type AccountRef } from '../auth/scope';
import { forbidden, notFound } from '../errors';
import { required } from '../validate';
import type { Db } from '../../infra/db';
import {
  accountNoteDtoSchema,
  accountNoteSchema,
  accountNotesPageSchema,
  noteUpdateSchema,
  type AccountNoteDto,
} from '../../domain/notes';
import { fileTokenSchema, fileUuidSchema } from '../../domain/files';
import {
  asMissingNote,
  deleteNote,
  findNote,
  insertNote,
  listNotes,
  noteFields,
  noteFileToken,
  noteVisibleTo,
  updateNote,
  uploadNoteFile,
  type NoteRow,
} from '../notes';

const NOTES_EDIT = 'PERM_ACCOUNT_NOTES_EDIT' as const;
const NOTE_ROLES = role(['OPERATOR', 'REGULATOR']);

interface AccountNoteRow extends NoteRow {
  account_id: number;
}

function mayWriteNotes(user: CurrentUser, account: AccountRef): boolean {
  if (user.roleType === 'REGULATOR') return true;
  return user.roleType === 'OPERATOR' && canOnAccount(user, account, NOTES_EDIT);
}

const editable = (user: CurrentUser, account: AccountRef, note: NoteRow) =>
  note.role_type === user.roleType && mayWriteNotes(user, account);
const place = (account: AccountRef) => ({ accountId: account.id });
const toDto = (user: CurrentUser, account: AccountRef, row: AccountNoteRow): AccountNoteDto => ({
  ...noteFields(row, editable(user, account, row)),
  accountId: row.account_id,
});

/** The note and its account, if the caller may see both (otherwise the 404 of a missing note). */
async function loadNote(db: Db, user: CurrentUser, rawId: string | undefined) {
  const row = await findNote<AccountNoteRow>(db, 'account_notes', rawId);
  const account = await assertAccountAccess(db, user, row.account_id).catch(asMissingNote);
  if (!noteVisibleTo(user, row)) throw notFound('Note not found');
  return { row, account };
}

async function list(
  ctx: Context,
  { db }: AppDeps,
  io: Pick<RouteIo<undefined, undefined, typeof accountNotesPageSchema>, 'reply'>,
) {
  const user = currentUser(ctx);
  const account = await assertAccountAccess(db, user, required(ctx.query.accountId as string | undefined, 'accountId'));
  const { rows, total } = await listNotes<AccountNoteRow>(ctx, db, user, place(account));
  io.reply({
    accountNotes: rows.map((r) => toDto(user, account, r)),
    totalItems: total,
    hasUserEditPermission: mayWriteNotes(user, account),
  });
}

type NoteIo<B extends typeof accountNoteSchema | typeof noteUpdateSchema> = RouteIo<
  B,
  undefined,
  typeof accountNoteDtoSchema
>;

async function create(ctx: Context, { db }: AppDeps, io: NoteIo<typeof accountNoteSchema>) {
  const user = currentUser(ctx);
  // Who may write here is answered before what they wrote, so a stranger learns nothing from 400s.
  const rawAccountId = (ctx.request.body as { accountId?: unknown } | undefined)?.accountId;
  const account = await assertAccountAccess(
    db,
    user,
    required(rawAccountId as number | undefined, 'accountId') as number,
  );
  if (!mayWriteNotes(user, account)) throw forbidden();
  const input = io.body();
  const note = await insertNote<AccountNoteRow>(db, user, place(account), input.note, ctx.request.body);
  io.reply(toDto(user, account, note), 201);
}

async function update(ctx: Context, { db }: AppDeps, io: NoteIo<typeof noteUpdateSchema>) {
  const user = currentUser(ctx);
  const { row, account } = await loadNote(db, user, ctx.params.id);
  if (!editable(user, account, row)) throw forbidden();
  const input = io.body();
  io.reply(toDto(user, account, await updateNote(db, user, place(account), row, input.note, ctx.request.body)));
}

async function remove(ctx: Context, { db }: AppDeps) {
  const user = currentUser(ctx);
  const { row, account } = await loadNote(db, user, ctx.params.id);
  if (!editable(user, account, row)) throw forbidden();
  await deleteNote(db, place(account), row);
  ctx.status = 204;
}

async function fileToken(ctx: Context, deps: AppDeps) {
  const user = currentUser(ctx);
  const account = await assertAccountAccess(deps.db, user, ctx.params.accountId);
  ctx.body = await noteFileToken(ctx, deps, user, place(account));
}

async function upload(ctx: Context, deps: AppDeps) {
  const user = currentUser(ctx);
  const account = await assertAccountAccess(deps.db, user, ctx.params.accountId);
  if (!mayWriteNotes(user, account)) throw forbidden();
  ctx.body = await uploadNoteFile(ctx, deps, user, place(account), account.id);
}

export const accountNoteRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/account-notes',
    access: NOTE_ROLES,
    query: textQuery(['accountId'], { paged: true }),
    response: accountNotesPageSchema,
    answers: [404],
    handler: list,
  }),
  route({
    method: 'post',
    path: '/account-notes',
    access: NOTE_ROLES,
    body: accountNoteSchema,
    response: accountNoteDtoSchema,
    ok: 201,
    answers: [404],
    handler: create,
  }),
  {
    method: 'get',
    path: '/account-notes/:accountId/files',
    access: NOTE_ROLES,
    query: fileUuidQuery('uuid'),
    response: fileTokenSchema,
    handler: fileToken,
  },
  {
    method: 'post',
    path: '/account-notes/upload/account/:accountId',
    access: NOTE_ROLES,
    multipart: true,
    response: fileUuidSchema,
    handler: upload,
  },
  route({
    method: 'get',
    path: '/account-notes/:id',
    access: NOTE_ROLES,
    response: accountNoteDtoSchema,
    handler: async (ctx, { db }, io) => {
      const user = currentUser(ctx);
      const { row, account } = await loadNote(db, user, ctx.params.id);
      io.reply(toDto(user, account, row));
    },
  }),
  route({
    method: 'put',
    path: '/account-notes/:id',
    access: NOTE_ROLES,
    body: noteUpdateSchema,
    response: accountNoteDtoSchema,
    handler: update,
  }),
  { method: 'delete', path: '/account-notes/:id', access: NOTE_ROLES, ok: 204, handler: remove },
];
