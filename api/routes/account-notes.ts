// Account notes (reference platform §3.5): regulators see every note of the accounts of their
// competent authority, operators only notes written by operators. A note is changed or deleted only
// by someone of the role type that wrote it; operators also need PERM_ACCOUNT_NOTES_EDIT.
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { role } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser, type CurrentUser } from '../auth/current-user';
import { assertAccountAccess, canOnAccount, type AccountRef } from '../auth/scope';
import { forbidden, notFound } from '../errors';
import { required, validate } from '../validate';
import { paging } from './organisation';
import type { Db } from '../../infra/db';
import { accountNoteSchema, accountNoteUpdateSchema, type AccountNoteDto, type AccountNotesPage } from '../../domain/accounts';

const NOTES_EDIT = 'PERM_ACCOUNT_NOTES_EDIT' as const;

interface NoteRow {
  id: string;
  account_id: number;
  payload: { note: string; files?: Record<string, string> };
  submitter_id: string;
  submitter: string;
  role_type: AccountNoteDto['roleType'];
  updated_at: Date;
}

function mayWriteNotes(user: CurrentUser, account: AccountRef): boolean {
  if (user.roleType === 'REGULATOR') return true;
  return user.roleType === 'OPERATOR' && canOnAccount(user, account, NOTES_EDIT);
}

const visibleTo = (user: CurrentUser, note: NoteRow) => user.roleType === 'REGULATOR' || note.role_type === 'OPERATOR';
const editable = (user: CurrentUser, account: AccountRef, note: NoteRow) => note.role_type === user.roleType && mayWriteNotes(user, account);

function toDto(user: CurrentUser, account: AccountRef, row: NoteRow): AccountNoteDto {
  return {
    id: Number(row.id),
    accountId: row.account_id,
    note: row.payload.note,
    files: row.payload.files ?? {},
    submitter: row.submitter,
    submitterId: row.submitter_id,
    roleType: row.role_type,
    updatedAt: new Date(row.updated_at).toISOString(),
    editable: editable(user, account, row),
  };
}

/** The note and its account, if the caller may see both (404 otherwise). */
async function loadNote(db: Db, user: CurrentUser, rawId: string | undefined) {
  const id = Number(required(rawId, 'id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Note not found');
  const row: NoteRow | undefined = await db('account_notes').where({ id }).first();
  if (!row) throw notFound('Note not found');
  const account = await assertAccountAccess(db, user, row.account_id);
  if (!visibleTo(user, row)) throw notFound('Note not found');
  return { row, account };
}

async function list(ctx: Context, { db }: AppDeps) {
  const user = currentUser(ctx);
  const account = await assertAccountAccess(db, user, required(ctx.query.accountId as string | undefined, 'accountId'));
  const { page, size } = paging(ctx);
  const query = db('account_notes').where({ account_id: account.id });
  if (user.roleType !== 'REGULATOR') query.where({ role_type: 'OPERATOR' });
  const [{ total }] = await query.clone().count({ total: '*' });
  const rows: NoteRow[] = await query.orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(size).offset(page * size).select('*');
  const body: AccountNotesPage = { accountNotes: rows.map((r) => toDto(user, account, r)), totalItems: Number(total), hasUserEditPermission: mayWriteNotes(user, account) };
  ctx.body = body;
}

async function create(ctx: Context, { db }: AppDeps) {
  const user = currentUser(ctx);
  // Who may write here is answered before what they wrote, so a stranger learns nothing from 400s.
  const rawAccountId = (ctx.request.body as { accountId?: unknown } | undefined)?.accountId;
  const account = await assertAccountAccess(db, user, required(rawAccountId as number | undefined, 'accountId') as number);
  if (!mayWriteNotes(user, account)) throw forbidden();
  const input = validate(accountNoteSchema, ctx.request.body);
  const [row] = await db('account_notes')
    .insert({
      account_id: account.id,
      payload: JSON.stringify({ note: input.note, files: {} }),
      submitter_id: user.userId,
      submitter: `${user.firstName} ${user.lastName}`.trim() || user.email,
      role_type: user.roleType,
    })
    .returning('*');
  ctx.status = 201;
  ctx.body = toDto(user, account, row);
}

export const accountNoteRoutes: RouteDef[] = [
  { method: 'get', path: '/account-notes', access: role(['OPERATOR', 'REGULATOR']), handler: list },
  { method: 'post', path: '/account-notes', access: role(['OPERATOR', 'REGULATOR']), handler: create },
  {
    method: 'get',
    path: '/account-notes/:id',
    access: role(['OPERATOR', 'REGULATOR']),
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const { row, account } = await loadNote(db, user, ctx.params.id);
      ctx.body = toDto(user, account, row);
    },
  },
  {
    method: 'put',
    path: '/account-notes/:id',
    access: role(['OPERATOR', 'REGULATOR']),
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const { row, account } = await loadNote(db, user, ctx.params.id);
      if (!editable(user, account, row)) throw forbidden();
      const input = validate(accountNoteUpdateSchema, ctx.request.body);
      const [updated] = await db('account_notes')
        .where({ id: row.id })
        .update({ payload: JSON.stringify({ ...row.payload, note: input.note }), updated_at: db.fn.now() })
        .returning('*');
      ctx.body = toDto(user, account, updated);
    },
  },
  {
    method: 'delete',
    path: '/account-notes/:id',
    access: role(['OPERATOR', 'REGULATOR']),
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const { row, account } = await loadNote(db, user, ctx.params.id);
      if (!editable(user, account, row)) throw forbidden();
      await db('account_notes').where({ id: row.id }).delete();
      ctx.status = 204;
    },
  },
];
