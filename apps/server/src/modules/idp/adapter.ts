import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { idpStore } from '../../db/schema';

/**
 * oidc-provider's storage in our database, so sessions, codes and grants survive restarts and are
 * shared by every instance. Expired rows are invisible at once and deleted by `purgeExpired`.
 */
export function createAdapterFactory(db: Db) {
  return (model: string): Adapter => {
    const key = (id: string) => and(eq(idpStore.model, model), eq(idpStore.id, id));
    const live = or(isNull(idpStore.expiresAt), gt(idpStore.expiresAt, sql`now()`));

    const findWhere = async (where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> => {
      const [row] = await db
        .select({ payload: idpStore.payload, consumedAt: idpStore.consumedAt })
        .from(idpStore)
        .where(and(eq(idpStore.model, model), where, live));
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          model,
          id,
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(idpStore)
          .values(values)
          .onConflictDoUpdate({
            target: [idpStore.model, idpStore.id],
            set: {
              payload,
              grantId: values.grantId,
              userCode: values.userCode,
              uid: values.uid,
              expiresAt: values.expiresAt,
            },
          });
      },
      find: (id) => findWhere(eq(idpStore.id, id)),
      findByUid: (uid) => findWhere(eq(idpStore.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(idpStore.userCode, userCode)),
      async consume(id) {
        await db.update(idpStore).set({ consumedAt: sql`now()` }).where(key(id));
      },
      async destroy(id) {
        await db.delete(idpStore).where(key(id));
      },
      async revokeByGrantId(grantId) {
        await db.delete(idpStore).where(and(eq(idpStore.model, model), eq(idpStore.grantId, grantId)));
      },
    };
  };
}

export async function purgeExpired(db: Db) {
  await db.delete(idpStore).where(lt(idpStore.expiresAt, sql`now()`));
}
