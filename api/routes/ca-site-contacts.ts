// Site contacts (reference platform §1.7): which regulator of the competent authority is the
// contact (CA_SITE) for each of its live accounts. The site contact is the default assignee of the
// account's regulator tasks. Anyone of the CA may read the list; changing it needs the permission
// to manage users and contacts.
import type { RouteDef } from '../routing';
import { role } from '../routing';
import { currentUser } from '../auth/current-user';
import { assertCaAccess } from '../auth/scope';
import { validate } from '../validate';
import { ApiError, notFound } from '../errors';
import { pageParams, pageQuery } from '../params';
import { accountTypes } from '../../domain/work-items';
import { caSiteContactsSchema, caSiteContactsUpdateSchema, type CaSiteContacts } from '../../domain/users';

function assertAccountType(value: string | undefined): void {
  if (!accountTypes.includes(value as (typeof accountTypes)[number])) throw notFound('Unknown account type');
}

export const caSiteContactRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/:accountType/ca-site-contacts',
    access: role(['REGULATOR']),
    query: pageQuery,
    response: caSiteContactsSchema,
    handler: async (ctx, { db }) => {
      assertAccountType(ctx.params.accountType);
      const user = currentUser(ctx);
      const ca = assertCaAccess(user);
      const { page, size } = pageParams(ctx.query);
      const rows = await db('accounts as a')
        .leftJoin('account_contacts as c', (j) => j.on('c.account_id', 'a.id').andOnVal('c.contact_type', 'CA_SITE'))
        .where({ 'a.competent_authority': ca, 'a.status': 'LIVE' })
        .orderBy([{ column: 'a.name' }, { column: 'a.id' }])
        .limit(size)
        .offset(page * size)
        .select('a.id', 'a.name', 'a.organisation_id', 'c.user_id', db.raw('count(*) over () as total'));
      const body: CaSiteContacts = {
        caSiteContacts: rows.map((r) => ({
          accountId: r.id,
          accountName: r.name,
          organisationId: r.organisation_id,
          userId: r.user_id ?? null,
        })),
        totalItems: rows.length
          ? Number(rows[0].total)
          : Number((await db('accounts').where({ competent_authority: ca, status: 'LIVE' }).count({ n: '*' }))[0].n),
        editable: user.active.some((a) => a.competentAuthority === ca && a.permissions.includes('PERM_CA_USERS_EDIT')),
      };
      ctx.body = body;
    },
  },
  {
    method: 'post',
    path: '/:accountType/ca-site-contacts',
    access: role(['REGULATOR']),
    body: caSiteContactsUpdateSchema,
    ok: 204,
    handler: async (ctx, { db }) => {
      assertAccountType(ctx.params.accountType);
      const ca = assertCaAccess(currentUser(ctx), 'PERM_CA_USERS_EDIT');
      const updates = validate(caSiteContactsUpdateSchema, ctx.request.body);
      await db.transaction(async (trx) => {
        for (const { accountId, userId } of updates) {
          const account = await trx('accounts')
            .where({ id: accountId, competent_authority: ca, status: 'LIVE' })
            .forUpdate()
            .first('id');
          if (!account)
            throw new ApiError(
              400,
              'ACCOUNT_CONTACT1001',
              'The account is not a live account of your competent authority',
              'accountId',
            );
          if (userId) {
            const regulator = await trx('authorities')
              .where({ user_id: userId, competent_authority: ca, status: 'ACTIVE' })
              .first('id');
            if (!regulator)
              throw new ApiError(
                400,
                'AUTHORITY1003',
                'User is not an active regulator of your competent authority',
                'userId',
              );
          }
          await trx('account_contacts').where({ account_id: accountId, contact_type: 'CA_SITE' }).delete();
          if (userId)
            await trx('account_contacts').insert({ account_id: accountId, contact_type: 'CA_SITE', user_id: userId });
        }
      });
      ctx.status = 204;
    },
  },
];
