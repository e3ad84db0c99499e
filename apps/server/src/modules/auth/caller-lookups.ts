import type { TMemberRole } from '@impact/domain';
import DataLoader from 'dataloader';
import { type Db, executeText } from '../../db/client';

/** Questions gathered into one query at most. */
const MAX_BATCH = 500;

/** Whether a session was signed out, or the role of a user in an organization. */
type Question = { sessionId: string } | { orgId: string; userId: string };
type Answer = { revoked: boolean; role: TMemberRole | null };

/**
 * Every question of a batch in one statement, its text fixed whatever the batch's size (arrays,
 * one row per question, in order), so it is prepared once per connection: this runs on nearly
 * every signed-in request. A session question leaves the organization and user null and the other
 * way round; a family we never issued (or one deleted with its user) is as good as revoked.
 */
const CALLER = {
  name: 'caller_checks',
  text: `select k.n::int as n,
      k.family_id is not null and coalesce((select bool_or(r.revoked_at is not null) from refresh_tokens r
        where r.family_id = k.family_id), true) as revoked,
      (select m.role from organization_members m
        where m.organization_id = k.organization_id and m.user_id = k.user_id) as role
    from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality as k(family_id, organization_id, user_id, n)`,
};

/**
 * The two checks a signed-in request makes before its handler: the session's revocation (sign-in,
 * session-revocations.ts keeps its answer a few seconds) and the caller's role in the organization
 * of X-Organization-Id (plugins/organization-header.ts, read at every request). Asked within one
 * turn of the event loop they share one statement, so a request that needs both costs one round
 * trip, and a thousand arriving at once ask together (dataloader, nothing cached here: the same
 * question twice in a batch gets two rows).
 */
export class CallerLookups {
  private readonly lookups: DataLoader<Question, Answer>;

  constructor(db: Db) {
    this.lookups = new DataLoader(
      async (questions) => {
        const rows = await executeText<{ n: number; revoked: boolean; role: TMemberRole | null }>(
          db,
          CALLER.name,
          CALLER.text,
          [
            questions.map((q) => ('sessionId' in q ? q.sessionId : null)),
            questions.map((q) => ('orgId' in q ? q.orgId : null)),
            questions.map((q) => ('userId' in q ? q.userId : null)),
          ],
        );
        const answers = new Map(rows.map((r) => [r.n, { revoked: r.revoked === true, role: r.role ?? null }]));
        return questions.map((_, i) => answers.get(i + 1) ?? new Error('caller check lost its row'));
      },
      {
        cache: false,
        maxBatchSize: MAX_BATCH,
        batchScheduleFn: (run) => setImmediate(run),
      },
    );
  }

  /** Whether the session (a refresh-token family) was signed out; an unknown one counts as signed out. */
  async sessionRevoked(sessionId: string): Promise<boolean> {
    return (await this.lookups.load({ sessionId })).revoked;
  }

  /** The user's role in the organization now, or null when they are not a member. */
  async roleOf(userId: string, orgId: string): Promise<TMemberRole | null> {
    return (await this.lookups.load({ orgId, userId })).role;
  }
}
