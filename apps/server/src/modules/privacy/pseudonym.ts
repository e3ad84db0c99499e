import { createHash } from 'node:crypto';
import { PSEUDONYM_PREFIX } from '@impact/domain';

export type Pseudonym = { code: string; label: string; email: string };

/**
 * The stable stand-in for an erased person: the same user always gets the same code, so the
 * applications, reviews and audit entries left behind still read as "one person", but nothing in
 * it leads back to them. The "e-mail" has no @ on purpose: no mail is ever sent to it.
 */
export function pseudonymFor(userId: string): Pseudonym {
  const code = createHash('sha256').update(`erased-user:${userId}`).digest('hex').slice(0, 8);
  return { code, label: `${PSEUDONYM_PREFIX} ${code}`, email: `deleted-user-${code}` };
}
