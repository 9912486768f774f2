// The verification body of an organisation account (spec §7, reference platform §1.6.2): an
// account's Advanced users appoint one of the active bodies and may replace it; the account's
// operators and its competent authority's regulators see which one it is. The appointed body's
// verifiers then see the account (api/auth/scope.ts).
import * as v from 'valibot';
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { role } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser } from '../auth/current-user';
import { assertAccountAccess } from '../auth/scope';
import { required, validate } from '../validate';
import { ApiError } from '../errors';
import {
  appointVerificationBodySchema,
  verificationBodyDtoSchema,
  type VerificationBodyDto,
} from '../../domain/verification-bodies';

const EDIT_USERS = 'PERM_ACCOUNT_USERS_EDIT' as const;
const accountNotLive = () => new ApiError(400, 'ACCOUNT1009', 'Account status is not valid');

/** Appoints (or, with `replace`, replaces) the account's verification body. */
function appoint(replace: boolean) {
  return async (ctx: Context, { db }: AppDeps) => {
    const user = currentUser(ctx);
    const account = await assertAccountAccess(db, user, required(ctx.params.id, 'id'), EDIT_USERS);
    const { verificationBodyId } = validate(appointVerificationBodySchema, ctx.request.body);
    await db.transaction(async (trx) => {
      const row = await trx('accounts').where({ id: account.id }).forUpdate().first('status', 'verification_body_id');
      if (row.status !== 'LIVE') throw accountNotLive();
      if (!replace && row.verification_body_id !== null)
        throw new ApiError(
          400,
          'ACCOUNT1010',
          'A verification body is already appointed to this account',
          'verificationBodyId',
        );
      if (replace && row.verification_body_id === null)
        throw new ApiError(
          400,
          'ACCOUNT1011',
          'No verification body is appointed to this account yet',
          'verificationBodyId',
        );
      if (replace && row.verification_body_id === verificationBodyId)
        throw new ApiError(
          400,
          'ACCOUNT1012',
          'This verification body is already appointed to the account',
          'verificationBodyId',
        );
      const body = await trx('verification_bodies').where({ id: verificationBodyId, status: 'ACTIVE' }).first('id');
      if (!body)
        throw new ApiError(400, 'VERIFICATION_BODY1000', 'Select an active verification body', 'verificationBodyId');
      await trx('accounts').where({ id: account.id }).update({ verification_body_id: verificationBodyId });
    });
    ctx.status = 204;
  };
}

export const verificationBodyRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/accounts/:id/appoint-verification-body',
    access: role(['OPERATOR']),
    body: appointVerificationBodySchema,
    ok: 204,
    handler: appoint(false),
  },
  {
    method: 'patch',
    path: '/accounts/:id/appoint-verification-body',
    access: role(['OPERATOR']),
    body: appointVerificationBodySchema,
    ok: 204,
    handler: appoint(true),
  },
  {
    method: 'get',
    path: '/accounts/:id/active-verification-bodies',
    access: role(['OPERATOR']),
    response: v.array(verificationBodyDtoSchema),
    handler: async (ctx, { db }) => {
      await assertAccountAccess(db, currentUser(ctx), required(ctx.params.id, 'id'), EDIT_USERS);
      const bodies: VerificationBodyDto[] = await db('verification_bodies')
        .where({ status: 'ACTIVE' })
        .orderBy(['name', 'id'])
        .select('id', 'name', 'status');
      ctx.body = bodies;
    },
  },
  {
    method: 'get',
    path: '/accounts/:id/verification-body',
    access: role(['OPERATOR', 'REGULATOR']),
    // 204 when no body is appointed.
    answers: [204],
    response: verificationBodyDtoSchema,
    handler: async (ctx, { db }) => {
      const account = await assertAccountAccess(db, currentUser(ctx), required(ctx.params.id, 'id'));
      // No body appointed: 204, nothing to show.
      const body: VerificationBodyDto | undefined = account.verificationBodyId
        ? await db('verification_bodies').where({ id: account.verificationBodyId }).first('id', 'name', 'status')
        : undefined;
      if (body) ctx.body = body;
      else ctx.status = 204;
    },
  },
];
