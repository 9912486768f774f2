// Operator users of an organisation account: who they are, their authorities (role and status),
// invitations, and registration. At least one ACTIVE Advanced user always remains on an account.
import type { Knex } from 'knex';
import type { RouteDef } from '../routing';
import { PUBLIC, role } from '../routing';
import type { AppDeps } from '../deps';
import { currentPrincipal, currentUser, type CurrentUser } from '../auth/current-user';
import { assertAccountAccess, canOnAccount, type AccountRef } from '../auth/scope';
import {
  findInvitation,
  INVITATION_EXPIRY_MINUTES,
  markAccepted,
  newInvitationToken,
  resolveInvitee,
} from '../auth/invitations';
import { reset2fa } from '../auth/reset-2fa';
import { unlockUserSignIn } from '../auth/unlock-sign-in';
import { endSessions } from '../../identity/sessions';
import { required, validate } from '../validate';
import { ApiError, notFound, notOwn } from '../errors';
import { userDto } from './users';
import { handOverTasks } from '../tasks/hand-over';
import { operatorRoles, type OperatorRoleCode } from '../../domain/authorities';
import {
  operatorAuthoritiesSchema,
  operatorAuthorityUpdateSchema,
  operatorInviteAndRegisterSchema,
  operatorUserInvitationSchema,
  operatorUserRegistrationSchema,
  operatorUserSchema,
  tokenSchema,
  operatorUserViewSchema,
  type OperatorUserView,
  type OperatorUserDto,
} from '../../domain/users';
import * as v from 'valibot';

const acceptedSchema = v.object({ accountName: v.string() });
import { queueEmails, type EmailToQueue } from '../../infra/outbox';
import { formatPhone, phoneOf } from '../../domain/phone';
import * as emails from '../email-templates';
import { acceptsNewUsers, isAccountReadOnly } from '../../domain/accounts';
import type { Context } from 'koa';

const EDIT_USERS = 'PERM_ACCOUNT_USERS_EDIT' as const;

const lastAdminError = () => new ApiError(400, 'AUTHORITY1001', 'At least one operator admin should exist in account');
const statusNotValid = () => new ApiError(400, 'AUTHORITY1008', 'Authority status in not valid');
const roleName = (code: string | null) => operatorRoles[code as OperatorRoleCode]?.name ?? code ?? '';

async function accountOf(ctx: Context, deps: AppDeps, permission?: typeof EDIT_USERS) {
  return assertAccountAccess(deps.db, currentUser(ctx), required(ctx.params.accountId, 'accountId'), permission);
}

/**
 * Serialises user management of one account, so two administrators cannot both remove the last
 * admin. A CLOSED account is read-only: its users stay as they were.
 */
async function lockAccount(trx: Knex.Transaction, accountId: number) {
  const account = await trx('accounts').where({ id: accountId }).forUpdate().first('status');
  if (account && isAccountReadOnly(account.status))
    throw new ApiError(400, 'ACCOUNT1009', 'Account status is not valid');
}

async function assertAdminRemains(trx: Knex.Transaction, accountId: number) {
  const [{ count }] = await trx('authorities')
    .where({ account_id: accountId, code: 'operator_admin', status: 'ACTIVE' })
    .count({ count: '*' });
  if (Number(count) === 0) throw lastAdminError();
}

/** Removes a user from an account: the authority and their contact roles (their tasks: handOverOperatorTasks, once committed). */
async function removeFromAccount(trx: Knex.Transaction, accountId: number, userId: string) {
  await trx('authorities').where({ account_id: accountId, user_id: userId }).delete();
  await trx('account_contacts').where({ account_id: accountId, user_id: userId }).delete();
  await assertAdminRemains(trx, accountId);
}

/**
 * A removed operator's open tasks on the account go to its primary contact, who is e-mailed for each,
 * when they may hold them (ACTIVE, with the task type's execute permission); otherwise they are
 * released (reference real-service-details §E).
 */
async function handOverOperatorTasks(ctx: Context, deps: AppDeps, accountId: number, userId: string) {
  await handOverTasks(deps, currentUser(ctx), userId, { accountId }, async () => {
    const primary = await deps
      .db('account_contacts')
      .where({ account_id: accountId, contact_type: 'PRIMARY' })
      .first('user_id');
    return primary?.user_id ?? null;
  });
}

async function applyProfile(
  trx: Knex | Knex.Transaction,
  userId: string,
  dto: OperatorUserDto,
  extra: Record<string, unknown> = {},
) {
  await trx('users')
    .where({ id: userId })
    .update({
      first_name: dto.firstName,
      last_name: dto.lastName,
      job_title: dto.jobTitle,
      phone_number: formatPhone(dto.phoneNumber),
      mobile_number: dto.mobileNumber ? formatPhone(dto.mobileNumber) : null,
      address: dto.address ? JSON.stringify(dto.address) : null,
      updated_at: trx.fn.now(),
      ...extra,
    });
}

/** An operator's details as the operator user calls answer them: the phone numbers as {countryCode, number}. */
async function operatorUserDto(db: AppDeps['db'], userId: string): Promise<OperatorUserView> {
  const user = await userDto(db, userId);
  const pair = (stored: string | null) => {
    const phone = phoneOf(stored);
    return phone ? { countryCode: phone.countryCode ?? '', number: phone.number ?? '' } : null;
  };
  return { ...user, phoneNumber: pair(user.phoneNumber), mobileNumber: pair(user.mobileNumber) };
}

/** The user named in the path, who must hold an authority on the account the caller may manage. */
async function accountUserOf(ctx: Context, deps: AppDeps): Promise<string> {
  const account = await accountOf(ctx, deps, EDIT_USERS);
  const userId = required(ctx.params.userId, 'userId');
  const authority = await deps.db('authorities').where({ account_id: account.id, user_id: userId }).first('id');
  if (!authority) throw notFound('User not found');
  return userId;
}

async function updateAuthorities(ctx: Context, deps: AppDeps) {
  const { db, config } = deps;
  const account = await accountOf(ctx, deps, EDIT_USERS);
  const body = validate(operatorAuthorityUpdateSchema, ctx.request.body);
  await db.transaction(async (trx) => {
    await lockAccount(trx, account.id);
    const mail: EmailToQueue[] = [];
    for (const update of body.accountOperatorAuthorityUpdateList) {
      const row = await trx('authorities').where({ account_id: account.id, user_id: update.userId }).first();
      if (!row) throw new ApiError(400, 'AUTHORITY1003', 'User is not related to account', 'userId');
      const from = row.status as string;
      const to = update.authorityStatus;
      const allowed =
        from === 'PENDING' ? ['PENDING'] : from === 'ACCEPTED' ? ['ACCEPTED', 'ACTIVE'] : ['ACTIVE', 'DISABLED'];
      if (!allowed.includes(to)) throw statusNotValid();
      const changes: Record<string, unknown> = { status: to };
      if (update.roleCode !== row.code)
        Object.assign(changes, { code: update.roleCode, permissions: [...operatorRoles[update.roleCode].permissions] });
      await trx('authorities').where({ id: row.id }).update(changes);
      if (to === 'DISABLED' && from !== 'DISABLED') await endSessions(trx, update.userId);
      if (from === 'ACCEPTED' && to === 'ACTIVE') {
        const user = await trx('users').where({ id: update.userId }).first('email');
        mail.push(
          emails.userAccountActivation({
            to: user.email,
            roleName: roleName(update.roleCode),
            link: `${config.publicUrl}/`,
          }),
        );
      }
    }
    if (body.contactTypes) await updateContacts(trx, account.id, body.contactTypes);
    await assertAdminRemains(trx, account.id);
    await queueEmails(trx, mail);
  });
  ctx.status = 204;
}

async function updateContacts(
  trx: Knex.Transaction,
  accountId: number,
  contacts: Record<string, string | null | undefined>,
) {
  for (const [type, userId] of Object.entries(contacts)) {
    await trx('account_contacts').where({ account_id: accountId, contact_type: type }).delete();
    if (!userId) continue;
    const authority = await trx('authorities')
      .where({ account_id: accountId, user_id: userId })
      .first('code', 'status');
    if (!authority || authority.status !== 'ACTIVE')
      throw new ApiError(
        400,
        'ACCOUNT_CONTACT1001',
        'The contact must be an active user of the account',
        `contactTypes.${type}`,
      );
    if (authority.code === 'operator' && (type === 'PRIMARY' || type === 'SECONDARY')) {
      throw new ApiError(
        400,
        'ACCOUNT_CONTACT1005',
        'A restricted user cannot be the primary or secondary contact',
        `contactTypes.${type}`,
      );
    }
    await trx('account_contacts').insert({ account_id: accountId, contact_type: type, user_id: userId });
  }
}

async function invite(ctx: Context, deps: AppDeps) {
  const { db, config } = deps;
  const caller = currentUser(ctx);
  const account = await accountOf(ctx, deps, EDIT_USERS);
  const dto = validate(operatorUserInvitationSchema, ctx.request.body);
  if (!acceptsNewUsers(account.status)) {
    throw new ApiError(400, 'ACCOUNT1009', 'Account status is not valid');
  }
  const { token, hash, expiresAt } = newInvitationToken();
  await db.transaction(async (trx) => {
    await lockAccount(trx, account.id);
    const user = await trx('users').whereRaw('lower(email) = ?', [dto.email]).first('id');
    const existing = user
      ? await trx('authorities').where({ user_id: user.id })
      : await trx('authorities')
          .whereNull('user_id')
          .where({ account_id: account.id })
          .whereRaw('lower(invited_email) = ?', [dto.email]);
    if (existing.some((a) => !a.account_id)) throw new ApiError(400, 'USER1001', 'User is already registered');
    const here = existing.find((a) => a.account_id === account.id);
    if (here && here.status !== 'PENDING') throw new ApiError(400, 'AUTHORITY1005', 'User status cannot be updated');
    const fields = {
      code: dto.roleCode,
      permissions: [...operatorRoles[dto.roleCode].permissions],
      invitation_token_hash: hash,
      invitation_expires_at: expiresAt,
      invited_email: dto.email,
      invited_profile: JSON.stringify({ firstName: dto.firstName, lastName: dto.lastName }),
      created_by: caller.userId,
    };
    if (here) await trx('authorities').where({ id: here.id }).update(fields);
    else
      await trx('authorities').insert({
        ...fields,
        user_id: user?.id ?? null,
        account_id: account.id,
        status: 'PENDING',
      });
    await queueEmails(trx, [
      emails.invitationToOperatorAccount({
        to: dto.email,
        accountName: account.name,
        roleName: roleName(dto.roleCode),
        link: `${config.publicUrl}/invitation?token=${encodeURIComponent(token)}`,
        expiryMinutes: INVITATION_EXPIRY_MINUTES,
      }),
    ]);
  });
  ctx.status = 204;
}

/** PENDING → ACCEPTED; tells the invitee, the inviter and the account's administrators. */
async function acceptInvitation(
  ctx: Context,
  deps: AppDeps,
  token: string,
  profile?: OperatorUserDto & { termsVersion: number | null },
) {
  const { db, config } = deps;
  const principal = await currentPrincipal(db, ctx.state.principal);
  return db.transaction(async (trx) => {
    const invitation = await findInvitation(trx, token, 'OPERATOR_INVITATION');
    const user = await resolveInvitee(trx, invitation, principal);
    await markAccepted(trx, invitation, user.id);
    if (profile) {
      await applyProfile(trx, user.id, profile, {
        registration_status: 'REGISTERED',
        ...(profile.termsVersion ? { terms_version: profile.termsVersion } : {}),
      });
    }
    const account = await trx('accounts').where({ id: invitation.account_id }).first('name');
    const admins = await trx('authorities')
      .join('users', 'users.id', 'authorities.user_id')
      .where({ account_id: invitation.account_id, code: 'operator_admin', status: 'ACTIVE' })
      .select('users.email');
    const inviter = invitation.created_by
      ? await trx('users').where({ id: invitation.created_by }).first('email')
      : undefined;
    const inviteeName = profile
      ? `${profile.firstName} ${profile.lastName}`
      : `${user.first_name} ${user.last_name}`.trim() || user.email;
    const recipients = new Set<string>([
      ...admins.map((a) => a.email as string),
      ...(inviter ? [inviter.email as string] : []),
    ]);
    recipients.delete(user.email);
    await queueEmails(trx, [
      emails.inviteeInvitationAccepted({ to: user.email, scopeName: account.name }),
      ...[...recipients].map((to) =>
        emails.inviterInvitationAccepted({
          to,
          inviteeName,
          inviteeEmail: user.email,
          scopeName: account.name,
          link: `${config.publicUrl}/`,
        }),
      ),
    ]);
    return { accountName: account.name as string };
  });
}

/** May the caller manage this account's users? Not on a CLOSED account, which is read-only. */
function canEditOwnAccount(user: CurrentUser, account: AccountRef) {
  return !isAccountReadOnly(account.status) && canOnAccount(user, account, EDIT_USERS);
}

export const operatorUserRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/operator-authorities/account/:accountId',
    access: role(['OPERATOR', 'REGULATOR']),
    response: operatorAuthoritiesSchema,
    handler: async (ctx, deps) => {
      const account = await accountOf(ctx, deps);
      const rows = await deps
        .db('authorities')
        .leftJoin('users', 'users.id', 'authorities.user_id')
        .where({ 'authorities.account_id': account.id })
        .orderBy('authorities.created_at')
        .select(
          'authorities.user_id',
          'authorities.code',
          'authorities.status',
          'authorities.created_at',
          'authorities.invited_email',
          'authorities.invited_profile',
          'users.email',
          'users.first_name',
          'users.last_name',
        );
      const contacts = await deps.db('account_contacts').where({ account_id: account.id });
      ctx.body = {
        authorities: rows.map((r) => ({
          userId: r.user_id,
          email: r.email ?? r.invited_email,
          firstName: r.first_name ?? r.invited_profile?.firstName ?? null,
          lastName: r.last_name ?? r.invited_profile?.lastName ?? null,
          roleCode: r.code,
          roleName: roleName(r.code),
          authorityStatus: r.status,
          authorityCreationDate: r.created_at,
        })),
        contactTypes: Object.fromEntries(contacts.map((c) => [c.contact_type, c.user_id])),
        editable: canEditOwnAccount(currentUser(ctx), account),
      };
    },
  },
  {
    method: 'post',
    path: '/operator-authorities/account/:accountId',
    access: role(['OPERATOR', 'REGULATOR']),
    ok: 204,
    answers: [400],
    handler: updateAuthorities,
  },
  {
    method: 'delete',
    path: '/operator-authorities/account/:accountId/:userId',
    access: role(['OPERATOR', 'REGULATOR']),
    answers: [400],
    ok: 204,
    handler: async (ctx, deps) => {
      const account = await accountOf(ctx, deps, EDIT_USERS);
      const userId = required(ctx.params.userId, 'userId');
      await deps.db.transaction(async (trx) => {
        await lockAccount(trx, account.id);
        if (!(await trx('authorities').where({ account_id: account.id, user_id: userId }).first('id')))
          throw notFound('User not found');
        await removeFromAccount(trx, account.id, userId);
        // Access taken away by someone else: the user's sign-ins end now, not when their token expires.
        if (userId !== currentUser(ctx).userId) await endSessions(trx, userId);
      });
      await handOverOperatorTasks(ctx, deps, account.id, userId);
      ctx.status = 204;
    },
  },
  {
    method: 'delete',
    path: '/operator-authorities/account/:accountId',
    access: role(['OPERATOR']),
    answers: [400],
    ok: 204,
    handler: async (ctx, deps) => {
      const account = await accountOf(ctx, deps, EDIT_USERS);
      await deps.db.transaction(async (trx) => {
        await lockAccount(trx, account.id);
        await removeFromAccount(trx, account.id, currentUser(ctx).userId);
      });
      await handOverOperatorTasks(ctx, deps, account.id, currentUser(ctx).userId);
      ctx.status = 204;
    },
  },
  {
    method: 'get',
    path: '/operator-users/account/:accountId/:userId',
    access: role(['OPERATOR', 'REGULATOR']),
    response: operatorUserViewSchema,
    handler: async (ctx, deps) => {
      const userId = await accountUserOf(ctx, deps);
      ctx.body = await operatorUserDto(deps.db, userId);
    },
  },
  {
    method: 'patch',
    path: '/operator-users/account/:accountId/:userId',
    access: role(['OPERATOR', 'REGULATOR']),
    body: operatorUserSchema,
    response: operatorUserViewSchema,
    handler: async (ctx, deps) => {
      const userId = await accountUserOf(ctx, deps);
      await applyProfile(deps.db, userId, validate(operatorUserSchema, ctx.request.body));
      ctx.body = await operatorUserDto(deps.db, userId);
    },
  },
  {
    method: 'patch',
    path: '/operator-users/account/:accountId/:userId/reset-2fa',
    access: role(['OPERATOR', 'REGULATOR']),
    answers: [400],
    ok: 204,
    handler: async (ctx, deps) => {
      const userId = await accountUserOf(ctx, deps);
      if (userId === currentUser(ctx).userId) throw notOwn('one-time code');
      await reset2fa(deps, userId);
      ctx.status = 204;
    },
  },
  {
    method: 'patch',
    path: '/operator-users/account/:accountId/:userId/unlock',
    access: role(['OPERATOR', 'REGULATOR']),
    answers: [400],
    ok: 204,
    handler: async (ctx, deps) => {
      const userId = await accountUserOf(ctx, deps);
      if (userId === currentUser(ctx).userId) throw notOwn('sign-in lock');
      await unlockUserSignIn(deps.db, userId);
      ctx.status = 204;
    },
  },
  {
    method: 'patch',
    path: '/operator-users/operator',
    access: role(['OPERATOR']),
    body: operatorUserSchema,
    response: operatorUserViewSchema,
    handler: async (ctx, { db }) => {
      const userId = currentUser(ctx).userId;
      await applyProfile(db, userId, validate(operatorUserSchema, ctx.request.body));
      ctx.body = await operatorUserDto(db, userId);
    },
  },
  {
    method: 'post',
    path: '/operator-users/invite/account/:accountId',
    access: role(['OPERATOR', 'REGULATOR']),
    ok: 204,
    answers: [400],
    handler: invite,
  },
  {
    // No bearer token needed: holding the token proves the invitee's mailbox (spec section 7).
    method: 'post',
    path: '/operator-users/registration/accept-invitation',
    access: PUBLIC,
    body: tokenSchema,
    response: acceptedSchema,
    handler: async (ctx, deps) => {
      const { token } = validate(tokenSchema, ctx.request.body);
      ctx.body = await acceptInvitation(ctx, deps, token);
    },
  },
  {
    method: 'post',
    path: '/operator-users/registration/accept-invitation-and-register',
    access: PUBLIC,
    body: operatorInviteAndRegisterSchema,
    response: acceptedSchema,
    handler: async (ctx, deps) => {
      const body = validate(operatorInviteAndRegisterSchema, ctx.request.body);
      ctx.body = await acceptInvitation(ctx, deps, body.invitationTokenDTO.token, body.operatorUserRegistrationDTO);
    },
  },
  {
    // Needs the bearer token, unlike the spec's "(no auth)": without it nobody is known to register.
    method: 'post',
    path: '/operator-users/registration/register',
    beforeTerms: true,
    access: role(['OPERATOR'], { activeAuthorityRequired: false }),
    body: operatorUserRegistrationSchema,
    response: operatorUserViewSchema,
    handler: async (ctx, { db, config }) => {
      const user = currentUser(ctx);
      const dto = validate(operatorUserRegistrationSchema, ctx.request.body);
      await db.transaction(async (trx) => {
        const row = await trx('users').where({ id: user.userId }).forUpdate().first('registration_status');
        if (row.registration_status === 'REGISTERED') throw new ApiError(400, 'USER1001', 'User is already registered');
        await applyProfile(trx, user.userId, dto, {
          registration_status: 'REGISTERED',
          ...(dto.termsVersion ? { terms_version: dto.termsVersion } : {}),
        });
        await queueEmails(trx, [emails.userAccountCreated({ to: user.email, link: `${config.publicUrl}/` })]);
      });
      ctx.body = await operatorUserDto(db, user.userId);
    },
  },
];
