// Request notes (spec §7 "Request notes"; reference: they mirror account notes). Anyone who may see
// the request (operators of its account, regulators of its competent authority) reads and writes
// notes on it; regulators see every note, operators only operators' notes; a note is changed or
// deleted only by someone of the role type that wrote it (reference platform §1.5, requestNote rule).
// What all notes share is in notes.ts.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { fileUuidQuery, textQuery } from '../params';
import type { RouteDef, RouteIo } from '../routing';
import { role, route } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { forbidden, notFound } from '../errors';
import { required } from '../validate';
import { assertVisible } from '../tasks/task-access';
import {
  noteUpdateSchema,
  requestNoteDtoSchema,
  requestNoteSchema,
  requestNotesPageSchema,
  type RequestNoteDto,
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

const NOTE_ROLES = role(['OPERATOR', 'REGULATOR']);

interface RequestRef {
  id: string;
  account_id: number | null;
  competent_authority: string | null;
}

interface RequestNoteRow extends NoteRow {
  request_id: string;
}

/** The request, if it exists (404) and the caller holds an authority where it lives (403). */
export async function viewableRequest(db: Knex, user: CurrentUser, rawId: unknown): Promise<RequestRef> {
  const id = required(rawId as string | undefined, 'requestId');
  if (typeof id !== 'string' || id.length > 30) throw notFound('Request not found');
  const request: RequestRef | undefined = await db('requests')
    .where({ id })
    .first('id', 'account_id', 'competent_authority');
  if (!request) throw notFound('Request not found');
  assertVisible(user, { accountId: request.account_id, competentAuthority: request.competent_authority }, 'Request');
  return request;
}

const editable = (user: CurrentUser, note: NoteRow) => note.role_type === user.roleType;
const place = (requestId: string) => ({ requestId });
const toDto = (user: CurrentUser, row: RequestNoteRow): RequestNoteDto => ({
  ...noteFields(row, editable(user, row)),
  requestId: row.request_id,
});

async function loadNote(db: Knex, user: CurrentUser, rawId: string | undefined): Promise<RequestNoteRow> {
  const row = await findNote<RequestNoteRow>(db, 'request_notes', rawId);
  await viewableRequest(db, user, row.request_id).catch(asMissingNote);
  if (!noteVisibleTo(user, row)) throw notFound('Note not found');
  return row;
}

async function list(
  ctx: Context,
  { db }: AppDeps,
  io: Pick<RouteIo<undefined, undefined, typeof requestNotesPageSchema>, 'reply'>,
) {
  const user = currentUser(ctx);
  const request = await viewableRequest(db, user, ctx.query.requestId);
  const { rows, total } = await listNotes<RequestNoteRow>(ctx, db, user, place(request.id));
  io.reply({ requestNotes: rows.map((r) => toDto(user, r)), totalItems: total, hasUserEditPermission: true });
}

type NoteIo<B extends typeof requestNoteSchema | typeof noteUpdateSchema> = RouteIo<
  B,
  undefined,
  typeof requestNoteDtoSchema
>;

async function create(ctx: Context, { db }: AppDeps, io: NoteIo<typeof requestNoteSchema>) {
  const user = currentUser(ctx);
  const raw = (ctx.request.body ?? {}) as { requestId?: unknown };
  // Who may write here is answered before what they wrote.
  const request = await viewableRequest(db, user, raw.requestId);
  const input = io.body();
  io.reply(toDto(user, await insertNote<RequestNoteRow>(db, user, place(request.id), input.note, raw)), 201);
}

async function update(ctx: Context, { db }: AppDeps, io: NoteIo<typeof noteUpdateSchema>) {
  const user = currentUser(ctx);
  const row = await loadNote(db, user, ctx.params.id);
  if (!editable(user, row)) throw forbidden();
  const input = io.body();
  io.reply(toDto(user, await updateNote(db, user, place(row.request_id), row, input.note, ctx.request.body)));
}

async function remove(ctx: Context, { db }: AppDeps) {
  const user = currentUser(ctx);
  const row = await loadNote(db, user, ctx.params.id);
  if (!editable(user, row)) throw forbidden();
  await deleteNote(db, place(row.request_id), row);
  ctx.status = 204;
}

async function fileToken(ctx: Context, deps: AppDeps) {
  const user = currentUser(ctx);
  const request = await viewableRequest(deps.db, user, ctx.params.requestId);
  ctx.body = await noteFileToken(ctx, deps, user, place(request.id));
}

async function upload(ctx: Context, deps: AppDeps) {
  const user = currentUser(ctx);
  const request = await viewableRequest(deps.db, user, ctx.params.requestId);
  ctx.body = await uploadNoteFile(ctx, deps, user, place(request.id), request.account_id);
}

export const requestNoteRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/request-notes',
    access: NOTE_ROLES,
    query: textQuery(['requestId'], { paged: true }),
    response: requestNotesPageSchema,
    answers: [404],
    handler: list,
  }),
  route({
    method: 'post',
    path: '/request-notes',
    access: NOTE_ROLES,
    body: requestNoteSchema,
    response: requestNoteDtoSchema,
    ok: 201,
    answers: [404],
    handler: create,
  }),
  {
    method: 'get',
    path: '/request-notes/:requestId/files',
    access: NOTE_ROLES,
    query: fileUuidQuery('uuid'),
    response: fileTokenSchema,
    handler: fileToken,
  },
  {
    method: 'post',
    path: '/request-notes/upload/request/:requestId',
    access: NOTE_ROLES,
    multipart: true,
    response: fileUuidSchema,
    handler: upload,
  },
  route({
    method: 'get',
    path: '/request-notes/:id',
    access: NOTE_ROLES,
    response: requestNoteDtoSchema,
    handler: async (ctx, { db }, io) => {
      const user = currentUser(ctx);
      io.reply(toDto(user, await loadNote(db, user, ctx.params.id)));
    },
  }),
  route({
    method: 'put',
    path: '/request-notes/:id',
    access: NOTE_ROLES,
    body: noteUpdateSchema,
    response: requestNoteDtoSchema,
    handler: update,
  }),
  { method: 'delete', path: '/request-notes/:id', access: NOTE_ROLES, ok: 204, handler: remove },
];
