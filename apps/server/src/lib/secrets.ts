import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * A secret the installation made for itself (development and demo only: production passes its
 * secrets through the environment). Created once; concurrent starts agree on the first one stored.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  generate: () => string | Promise<string>,
): Promise<string> {
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing) return existing.value;
  await db
    .insert(appSecrets)
    .values({ name, value: await generate() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!stored) throw new Error(`secret ${name} could not be stored`);
  return stored.value;
}

export const randomSecret = () => randomBytes(48).toString('base64url');
