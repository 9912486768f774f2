import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';

export const userRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/users',
    access: AUTHENTICATED,
    handler: async (ctx, { db }) => {
      const principal = ctx.state.principal;
      const user = await db('users').where({ id: principal.subject }).first();
      ctx.body = user
        ? { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name }
        : { id: principal.subject, email: principal.email, firstName: principal.firstName, lastName: principal.lastName };
    },
  },
];
