import type { TAuditAction } from '@impact/domain';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who did it: the signed-in admin (SessionUser fits). */
export type AuditActor = { id: string; email: string };

/**
 * Records one administrator write. Call it with the transaction of the change itself, so the entry
 * exists exactly when the change does:
 *
 *   await audit(tx, actor, 'call.update', call.id, { name: call.name });
 *
 * `details` is a small summary for people reading the trail (names, counts), never file bytes or
 * rich-text bodies.
 */
export async function audit(
  tx: Tx | Db,
  actor: AuditActor,
  action: TAuditAction,
  targetId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLog).values({ actorUserId: actor.id, actorEmail: actor.email, action, targetId, details });
}
