// Regulator users of the caller's competent authority: list, status, permissions, invitations,
// profile and signature updates. A regulator never sees users of another competent authority (they
// get 404).
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { RouteDef } from '../routing';
import { PUBLIC, role } from '../routing';
import type { AppDeps } from '../deps';
import { currentPrincipal, currentUser, type CurrentUser } from '../auth/current-user';
import { assertCaAccess, loadRegulatorAuthority } from '../auth/scope';
import {
  findInvitation,
  INVITATION_EXPIRY_MINUTES,
  markAccepted,
  newInvitationToken,
  resolveInvitee,
} from '../auth/invitations';
import { jsonPart, readMultipart, type Part } from '../multipart';
import { required, validate } from '../validate';
import { ApiError, forbidden, notFound, notOwn } from '../errors';
import { handOverTasks } from '../tasks/hand-over';
import { userDto, userSignatureToken } from './users';
import { reset2fa } from '../auth/reset-2fa';
import { assertNoVirus, cleanFileName } from '../files/uploads';
import { unlockUserSignIn } from '../auth/unlock-sign-in';
import {
  competentAuthorityLabels,
  levelsForPermissions,
  levelsOfGroup,
  permissionsForLevels,
  regulatorPermissionGroups,
  regulatorPermissionLevels,
  regulatorStatusChoices,
  type RegulatorPermissionGroup,
  type RegulatorPermissionLevel,
} from '../../domain/authorities';
import {
  currentRegulatorUserUpdateSchema,
  permissionMatrixSchema,
  regulatorInvitedUserSchema,
  regulatorStatusUpdateSchema,
  regulatorUserDtoSchema,
  regulatorUserUpdateSchema,
  regulatorUsersSchema,
  SIGNATURE_MAX_BYTES,
  tokenSchema,
  type RegulatorUserDto,
} from '../../domain/users';
import { fileTokenSchema } from '../../domain/files';
import * as v from 'valibot';
import { queueEmails, type EmailToQueue } from '../../infra/outbox';
import { inputLimits } from '../../domain/limits';
import { endSessions } from '../../identity/sessions';
import * as emails from '../email-templates';
import { textQuery } from '../params';

const EDIT_CA_USERS = 'PERM_CA_USERS_EDIT' as const;
const statusNotValid = () => new ApiError(400, 'AUTHORITY1008', 'Authority status in not valid');

/** Signature images: BMP (checked by its content, not the declared type), < 200 KB, ≤ 240 × 140 px, no virus. */
async function checkSignature(deps: AppDeps, part: Part): Promise<void> {
  if (part.data.length === 0) throw new ApiError(400, 'FILE1002', 'The selected file is empty', 'signature');
  if (part.data.length > SIGNATURE_MAX_BYTES)
    throw new ApiError(400, 'FILE1003', 'The selected file must be smaller than 200KB', 'signature');
  if (part.data.length < 26 || part.data.toString('latin1', 0, 2) !== 'BM') {
    throw new ApiError(400, 'FILE1005', 'This type of file cannot be uploaded', 'signature');
  }
  const width = part.data.readInt32LE(18);
  const height = Math.abs(part.data.readInt32LE(22));
  if (width <= 0 || height === 0 || width > 240 || height > 140) {
    throw new ApiError(400, 'IMAGE1001', 'The signature image must be at most 240 by 140 pixels', 'signature');
  }
  await assertNoVirus(deps, part.data, signatureFileName(part), 'signature');
}

/** The name a signature image is kept under (checked with checkSignature first). */
const signatureFileName = (part: Part) => cleanFileName(part.filename || 'signature.bmp', 'signature');

/** Keeps a checked signature image as a file; its uuid goes on the user (or the invitation). */
async function storeSignature(trx: Knex.Transaction, signature: Part, createdBy: string): Promise<string> {
  const uuid = randomUUID();
  await trx('files').insert({
    uuid,
    kind: 'SIGNATURE',
    file_name: signatureFileName(signature),
    content_type: 'image/bmp',
    size: signature.data.length,
    content: signature.data,
    status: 'SUBMITTED',
    created_by: createdBy,
  });
  return uuid;
}

const permissionGroups = Object.keys(regulatorPermissionGroups) as RegulatorPermissionGroup[];
const groupLevels = Object.fromEntries(
  (Object.keys(regulatorPermissionGroups) as RegulatorPermissionGroup[]).map((group) => [group, levelsOfGroup(group)]),
);

async function invite(ctx: Context, deps: AppDeps) {
  const { db, config } = deps;
  const caller = currentUser(ctx);
  const ca = assertCaAccess(caller, EDIT_CA_USERS);
  const parts = await readMultipart(ctx, { maxBytes: inputLimits.signatureBodyBytes, maxParts: 2 });
  const dto = validate(regulatorInvitedUserSchema, jsonPart(parts, 'regulatorInvitedUser'));
  checkLevels(dto.permissions);
  const signature = parts.find((p) => p.name === 'signature' && p.data.length > 0);
  if (signature) await checkSignature(deps, signature);
  const { token, hash, expiresAt } = newInvitationToken();

  await db.transaction(async (trx) => {
    const user = await trx('users').whereRaw('lower(email) = ?', [dto.email]).first('id');
    const existing = user
      ? await trx('authorities').where({ user_id: user.id })
      : await trx('authorities')
          .whereNull('user_id')
          .whereNotNull('competent_authority')
          .whereRaw('lower(invited_email) = ?', [dto.email]);
    const pendingHere = existing.find((a) => a.competent_authority === ca && a.status === 'PENDING');
    if (existing.length > 0 && !(pendingHere && existing.length === 1))
      throw new ApiError(400, 'USER1001', 'User is already registered');
    const signatureUuid = signature ? await storeSignature(trx, signature, caller.userId) : null;
    const fields = {
      permissions: permissionsForLevels(dto.permissions),
      invitation_token_hash: hash,
      invitation_expires_at: expiresAt,
      invited_email: dto.email,
      invited_profile: JSON.stringify({
        firstName: dto.firstName,
        lastName: dto.lastName,
        jobTitle: dto.jobTitle,
        phoneNumber: dto.phoneNumber,
        mobileNumber: dto.mobileNumber,
        signatureUuid,
      }),
      created_by: caller.userId,
    };
    if (pendingHere) await trx('authorities').where({ id: pendingHere.id }).update(fields);
    else
      await trx('authorities').insert({
        ...fields,
        user_id: user?.id ?? null,
        competent_authority: ca,
        status: 'PENDING',
      });
    await queueEmails(trx, [
      emails.invitationToRegulatorAccount({
        to: dto.email,
        competentAuthorityName: competentAuthorityLabels[ca],
        link: `${config.publicUrl}/invitation/regulator?token=${encodeURIComponent(token)}`,
        expiryMinutes: INVITATION_EXPIRY_MINUTES,
      }),
    ]);
  });
  ctx.status = 204;
}

/** Each group at a level it offers (ASSIGN_REASSIGN_TASKS has no VIEW_ONLY); 400 otherwise. */
function checkLevels(levels: Partial<Record<RegulatorPermissionGroup, RegulatorPermissionLevel>>): void {
  for (const [group, level] of Object.entries(levels) as [RegulatorPermissionGroup, RegulatorPermissionLevel][]) {
    if (!groupLevels[group].includes(level))
      throw new ApiError(400, 'VALIDATION_ERROR', `permissions.${group}: Select a valid level`, `permissions.${group}`);
  }
}

const UPDATE_PART = 'regulatorUserUpdateDTO';

/**
 * Updates a regulator of the caller's competent authority: the caller themself, or anyone there
 * when the caller may manage users. Changing permissions always needs that permission. A new
 * signature replaces the old one.
 */
async function updateRegulatorUser(
  ctx: Context,
  deps: AppDeps,
  caller: CurrentUser,
  userId: string,
  self: boolean,
): Promise<void> {
  const { db } = deps;
  const ca = assertCaAccess(caller);
  const authority = await loadRegulatorAuthority(db, ca, userId);
  const mayManage = caller.active.some((a) => a.competentAuthority === ca && a.permissions.includes(EDIT_CA_USERS));
  if (userId !== caller.userId && !mayManage) throw forbidden();
  const parts = await readMultipart(ctx, { maxBytes: inputLimits.signatureBodyBytes, maxParts: 2 });
  const raw = jsonPart(parts, UPDATE_PART);
  const dto = self
    ? { ...validate(currentRegulatorUserUpdateSchema, raw), permissions: null }
    : validate(regulatorUserUpdateSchema, raw);
  if (dto.permissions) {
    if (!mayManage) throw forbidden('You do not have permission to change permissions');
    if (userId === caller.userId) throw notOwn('permissions');
    checkLevels(dto.permissions);
  }
  const signature = parts.find((p) => p.name === 'signature' && p.data.length > 0);
  if (signature) await checkSignature(deps, signature);
  await db.transaction(async (trx) => {
    const changes: Record<string, unknown> = {
      first_name: dto.user.firstName,
      last_name: dto.user.lastName,
      job_title: dto.user.jobTitle,
      phone_number: dto.user.phoneNumber,
      mobile_number: dto.user.mobileNumber,
      updated_at: trx.fn.now(),
    };
    if (signature) {
      const previous = await trx('users').where({ id: userId }).forUpdate().first('signature_uuid');
      changes.signature_uuid = await storeSignature(trx, signature, caller.userId);
      if (previous?.signature_uuid)
        await trx('files').where({ uuid: previous.signature_uuid, kind: 'SIGNATURE' }).delete();
    }
    await trx('users').where({ id: userId }).update(changes);
    if (dto.permissions) {
      const current = await trx('authorities').where({ id: authority.id }).forUpdate().first('permissions');
      const levels = { ...levelsForPermissions(current.permissions ?? []), ...dto.permissions };
      await trx('authorities')
        .where({ id: authority.id })
        .update({ permissions: permissionsForLevels(levels) });
    }
  });
  ctx.body = await regulatorUserDto(db, userId);
}

/** GET /regulator-users/{userId}'s answer: the user DTO and their signature file, if any. */
async function regulatorUserDto(db: AppDeps['db'], userId: string): Promise<RegulatorUserDto> {
  const dto = await userDto(db, userId);
  const row = await db('users').where({ id: userId }).first('signature_uuid');
  const file = row?.signature_uuid
    ? await db('files').where({ uuid: row.signature_uuid }).first('uuid', 'file_name', 'size')
    : null;
  return { ...dto, signature: file ? { uuid: file.uuid, name: file.file_name, size: file.size } : null };
}

async function updateStatuses(ctx: Context, { db, config }: AppDeps) {
  const caller = currentUser(ctx);
  const ca = assertCaAccess(caller, EDIT_CA_USERS);
  const updates = validate(regulatorStatusUpdateSchema, ctx.request.body);
  await db.transaction(async (trx) => {
    const mail: EmailToQueue[] = [];
    for (const update of updates) {
      const row = await trx('authorities')
        .where({ user_id: update.userId, competent_authority: ca })
        .forUpdate()
        .first();
      if (!row) throw new ApiError(400, 'AUTHORITY1003', 'User is not related to competent authority', 'userId');
      if (row.status === update.authorityStatus) continue;
      if (update.userId === caller.userId) throw notOwn('status');
      if (!regulatorStatusChoices(row.status).includes(update.authorityStatus)) throw statusNotValid();
      await trx('authorities').where({ id: row.id }).update({ status: update.authorityStatus });
      if (update.authorityStatus === 'DISABLED' && row.status !== 'DISABLED') await endSessions(trx, update.userId);
      // A disabled regulator is no longer anyone's site contact (reference §2.4).
      if (update.authorityStatus === 'DISABLED')
        await trx('account_contacts').where({ user_id: update.userId, contact_type: 'CA_SITE' }).delete();
      if (row.status === 'ACCEPTED' && update.authorityStatus === 'ACTIVE') {
        const user = await trx('users').where({ id: update.userId }).first('email');
        mail.push(
          emails.userAccountActivation({ to: user.email, roleName: 'Regulator', link: `${config.publicUrl}/` }),
        );
      }
    }
    await queueEmails(trx, mail);
  });
  ctx.status = 204;
}

/**
 * Deletes a regulator of the caller's competent authority (reference §E): their authority and their
 * site contacts go (the sign-in stays, as the real service keeps the Keycloak user), their sessions
 * end, and their open tasks go to each account's site contact when eligible, else back to the pool.
 * Nobody deletes themself here (DELETE /regulator-authorities is leaving), and the competent
 * authority always keeps an active user who may manage users. The audit trail records the deletion.
 */
async function deleteRegulator(ctx: Context, deps: AppDeps) {
  const caller = currentUser(ctx);
  const ca = assertCaAccess(caller, EDIT_CA_USERS);
  const userId = required(ctx.params.userId, 'userId');
  await loadRegulatorAuthority(deps.db, ca, userId);
  if (userId === caller.userId)
    throw new ApiError(400, 'AUTHORITY_SELF', 'You cannot delete your own user account', 'userId');
  await removeRegulator(ctx, deps, ca, userId);
}

const lastManagerError = () =>
  new ApiError(
    400,
    'AUTHORITY1012',
    'At least one active regulator user who can manage users should exist in the competent authority',
    'userId',
  );

async function removeRegulator(ctx: Context, deps: AppDeps, ca: string, userId: string) {
  const caller = currentUser(ctx);
  await deps.db.transaction(async (trx) => {
    // One deletion at a time per competent authority, so two managers cannot delete each other.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`regulator-users:${ca}`]);
    const authority = await trx('authorities').where({ user_id: userId, competent_authority: ca }).first();
    if (!authority) throw notFound('User not found');
    await trx('authorities').where({ id: authority.id }).delete();
    await trx('account_contacts').where({ user_id: userId, contact_type: 'CA_SITE' }).delete();
    const [{ count }] = await trx('authorities')
      .where({ competent_authority: ca, status: 'ACTIVE' })
      .whereNotNull('user_id')
      .whereRaw('? = any(permissions)', [EDIT_CA_USERS])
      .count<{ count: string }[]>({ count: '*' });
    if (Number(count) === 0) throw lastManagerError();
    if (userId !== caller.userId) await endSessions(trx, userId);
  });
  await handOverTasks(deps, caller, userId, { competentAuthority: ca }, async (task) => {
    if (task.account_id === null) return null;
    const contact = await deps
      .db('account_contacts')
      .where({ account_id: task.account_id, contact_type: 'CA_SITE' })
      .first('user_id');
    return contact?.user_id ?? null;
  });
  ctx.status = 204;
}

export const regulatorUserRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/regulator-authorities/permissions',
    access: role(['REGULATOR']),
    response: permissionMatrixSchema,
    handler: (ctx) => {
      const own = currentUser(ctx).active.find((a) => a.competentAuthority);
      ctx.body = levelsForPermissions(own?.permissions ?? []);
    },
  },
  {
    method: 'get',
    path: '/regulator-authorities/permissions/group-levels',
    access: role(['REGULATOR']),
    response: v.record(v.picklist(permissionGroups), v.array(v.picklist(regulatorPermissionLevels))),
    handler: (ctx) => {
      assertCaAccess(currentUser(ctx), EDIT_CA_USERS);
      ctx.body = groupLevels;
    },
  },
  {
    method: 'get',
    path: '/regulator-authorities/permissions/:userId',
    access: role(['REGULATOR']),
    response: v.object({ permissions: permissionMatrixSchema, editable: v.boolean() }),
    handler: async (ctx, { db }) => {
      const ca = assertCaAccess(currentUser(ctx), EDIT_CA_USERS);
      const authority = await loadRegulatorAuthority(db, ca, required(ctx.params.userId, 'userId'));
      ctx.body = { permissions: levelsForPermissions(authority.permissions), editable: true };
    },
  },
  {
    method: 'get',
    path: '/regulator-authorities',
    access: role(['REGULATOR']),
    response: regulatorUsersSchema,
    handler: async (ctx, { db }) => {
      const user = currentUser(ctx);
      const ca = assertCaAccess(user);
      const rows = await db('authorities')
        .leftJoin('users', 'users.id', 'authorities.user_id')
        .where({ 'authorities.competent_authority': ca })
        .orderBy('authorities.created_at')
        .select(
          'authorities.user_id',
          'authorities.status',
          'authorities.created_at',
          'authorities.invited_email',
          'authorities.invited_profile',
          'users.email',
          'users.first_name',
          'users.last_name',
          'users.job_title',
          'users.last_sign_in_at',
        );
      ctx.body = {
        caUsers: rows.map((r) => ({
          userId: r.user_id,
          email: r.email ?? r.invited_email,
          firstName: r.first_name ?? r.invited_profile?.firstName ?? null,
          lastName: r.last_name ?? r.invited_profile?.lastName ?? null,
          jobTitle: r.job_title ?? r.invited_profile?.jobTitle ?? null,
          authorityStatus: r.status,
          authorityCreationDate: r.created_at,
          lastSignIn: r.last_sign_in_at ?? null,
        })),
        editable: user.active.some((a) => a.permissions.includes(EDIT_CA_USERS)),
      };
    },
  },
  {
    method: 'post',
    path: '/regulator-authorities',
    access: role(['REGULATOR']),
    body: regulatorStatusUpdateSchema,
    ok: 204,
    handler: updateStatuses,
  },
  {
    method: 'delete',
    path: '/regulator-authorities/:userId',
    access: role(['REGULATOR']),
    answers: [400],
    ok: 204,
    handler: deleteRegulator,
  },
  {
    method: 'delete',
    path: '/regulator-authorities',
    access: role(['REGULATOR']),
    answers: [400],
    ok: 204,
    handler: async (ctx, deps) => {
      const user = currentUser(ctx);
      const ca = assertCaAccess(user, EDIT_CA_USERS);
      await removeRegulator(ctx, deps, ca, user.userId);
    },
  },
  {
    method: 'get',
    path: '/regulator-users/:userId',
    access: role(['REGULATOR']),
    response: regulatorUserDtoSchema,
    handler: async (ctx, { db }) => {
      const ca = assertCaAccess(currentUser(ctx), EDIT_CA_USERS);
      const userId = required(ctx.params.userId, 'userId');
      await loadRegulatorAuthority(db, ca, userId);
      ctx.body = await regulatorUserDto(db, userId);
    },
  },
  {
    method: 'get',
    path: '/regulator-users/:userId/signature',
    access: role(['REGULATOR']),
    query: textQuery(['signatureUuid']),
    response: fileTokenSchema,
    handler: async (ctx, deps) => {
      const ca = assertCaAccess(currentUser(ctx), EDIT_CA_USERS);
      const userId = required(ctx.params.userId, 'userId');
      await loadRegulatorAuthority(deps.db, ca, userId);
      ctx.body = await userSignatureToken(deps, userId, ctx.query.signatureUuid);
    },
  },
  {
    method: 'post',
    path: '/regulator-users/invite',
    access: role(['REGULATOR']),
    multipart: true,
    ok: 204,
    handler: invite,
  },
  {
    method: 'post',
    path: '/regulator-users/:userId/reset-2fa',
    access: role(['REGULATOR']),
    answers: [400],
    ok: 204,
    handler: async (ctx, deps) => {
      const caller = currentUser(ctx);
      const ca = assertCaAccess(caller, EDIT_CA_USERS);
      const userId = required(ctx.params.userId, 'userId');
      await loadRegulatorAuthority(deps.db, ca, userId);
      if (userId === caller.userId) throw notOwn('one-time code');
      await reset2fa(deps, userId);
      ctx.status = 204;
    },
  },
  {
    method: 'post',
    path: '/regulator-users/:userId/unlock',
    access: role(['REGULATOR']),
    answers: [400],
    ok: 204,
    handler: async (ctx, { db }) => {
      const caller = currentUser(ctx);
      const ca = assertCaAccess(caller, EDIT_CA_USERS);
      const userId = required(ctx.params.userId, 'userId');
      await loadRegulatorAuthority(db, ca, userId);
      if (userId === caller.userId) throw notOwn('sign-in lock');
      await unlockUserSignIn(db, userId);
      ctx.status = 204;
    },
  },
  {
    method: 'post',
    path: '/regulator-users/registration/accept-invitation-and-register',
    access: PUBLIC,
    body: tokenSchema,
    ok: 204,
    handler: async (ctx, { db, config }) => {
      const { token } = validate(tokenSchema, ctx.request.body);
      const principal = await currentPrincipal(db, ctx.state.principal);
      await db.transaction(async (trx) => {
        const invitation = await findInvitation(trx, token, 'REGULATOR_INVITATION');
        const user = await resolveInvitee(trx, invitation, principal);
        await markAccepted(trx, invitation, user.id);
        await trx('users').where({ id: user.id }).update({ registration_status: 'REGISTERED' });
        const scopeName =
          competentAuthorityLabels[invitation.competent_authority as keyof typeof competentAuthorityLabels];
        const inviter = invitation.created_by
          ? await trx('users').where({ id: invitation.created_by }).first('email')
          : undefined;
        const name =
          `${invitation.invited_profile?.firstName ?? user.first_name} ${invitation.invited_profile?.lastName ?? user.last_name}`.trim();
        await queueEmails(trx, [
          emails.inviteeInvitationAccepted({ to: user.email, scopeName }),
          ...(inviter
            ? [
                emails.inviterInvitationAccepted({
                  to: inviter.email,
                  inviteeName: name,
                  inviteeEmail: user.email,
                  scopeName,
                  link: `${config.publicUrl}/`,
                }),
              ]
            : []),
        ]);
      });
      ctx.status = 204;
    },
  },
  {
    method: 'post',
    path: '/regulator-users',
    access: role(['REGULATOR']),
    multipart: true,
    response: regulatorUserDtoSchema,
    handler: async (ctx, deps) => {
      const caller = currentUser(ctx);
      await updateRegulatorUser(ctx, deps, caller, caller.userId, true);
    },
  },
  {
    // Last: /invite and /registration/… above are matched first.
    method: 'post',
    path: '/regulator-users/:userId',
    access: role(['REGULATOR']),
    multipart: true,
    response: regulatorUserDtoSchema,
    handler: async (ctx, deps) => {
      await updateRegulatorUser(ctx, deps, currentUser(ctx), required(ctx.params.userId, 'userId'), false);
    },
  },
];
