// oidc-provider's storage in PostgreSQL, so sessions, grants and refresh tokens survive a restart
// and are shared by every web replica.
import type { Knex } from 'knex';

export interface AdapterPayload {
  [key: string]: unknown;
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
}

export function knexAdapter(db: Knex) {
  return class KnexAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await db('identity_oidc_payloads')
        .insert({
          model: this.model,
          id,
          payload,
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresAt,
        })
        .onConflict(['model', 'id'])
        .merge();
    }

    private async findWhere(where: Record<string, string>): Promise<AdapterPayload | undefined> {
      // A token or code sent with a NUL character cannot be ours (PostgreSQL would refuse the lookup).
      if (Object.values(where).some((v) => typeof v !== 'string' || v.includes('\u0000'))) return undefined;
      const row = await db('identity_oidc_payloads')
        .where({ model: this.model, ...where })
        .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
        .first();
      if (!row) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumed_at ? { consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findWhere({ id });
    }

    findByUserCode(userCode: string) {
      return this.findWhere({ user_code: userCode });
    }

    findByUid(uid: string) {
      return this.findWhere({ uid });
    }

    async consume(id: string): Promise<void> {
      if (id.includes('\u0000')) return;
      await db('identity_oidc_payloads').where({ model: this.model, id }).update({ consumed_at: new Date() });
    }

    async destroy(id: string): Promise<void> {
      if (id.includes('\u0000')) return;
      await db('identity_oidc_payloads').where({ model: this.model, id }).delete();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db('identity_oidc_payloads').where({ grant_id: grantId }).delete();
    }
  };
}

/** Expired rows are useless; removed now and then by the web process. */
export async function purgeExpired(db: Knex): Promise<number> {
  return db('identity_oidc_payloads')
    .where('expires_at', '<', new Date(Date.now() - 3600_000))
    .delete();
}
