import type { TDecisionOutcome } from '@impact/domain';
import type { Change, ChangeFeed } from '../../db/change-feed';
import { announceChange, changeFeedOf, type Db } from '../../db/client';

/** What the call list adds to a card from the organization's own rows. */
export type OrgSubmissionRow = {
  callId: string;
  submissionId: string;
  closed: boolean;
  outcome: TDecisionOutcome | null;
  outcomeMessage: string | null;
};

export type OrgState = { callsVersion: number; submissions: OrgSubmissionRow[] };

const MAX_ORGANIZATIONS = 20_000;

/**
 * The organizations' submissions as the call list shows them, and the calls' version, kept in
 * memory while the database's change feed is live (the list is read on every visit and by every
 * applicant near a deadline, and a round trip was most of its cost:
 * docs/decisions/0011-call-list-from-memory-on-the-change-feed.md). A copy is used only
 * if made in the feed's current epoch and not named by a change since; a read that a change
 * overtook is not kept. Without a live feed every list reads the database, as before.
 */
export class OrgStateCache {
  private readonly entries = new Map<string, { epoch: number; submissions: OrgSubmissionRow[] }>();
  /** Reads under way, per organization: a change heard meanwhile makes their answer unfit to keep. */
  private readonly reading = new Map<string, Set<{ overtaken: boolean }>>();
  /** The calls' version a read of this epoch saw; notifications may since have said a later one. */
  private readCallsVersion: { epoch: number; version: number } | null = null;
  private heardCallsVersion = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((change) => this.hear(change));
  }

  private hear(change: Change) {
    if (change === 'all') {
      this.entries.clear();
      this.readCallsVersion = null;
      this.heardCallsVersion = 0;
      for (const marks of this.reading.values()) for (const mark of marks) mark.overtaken = true;
    } else if (change.startsWith('org:')) {
      const id = change.slice(4);
      this.entries.delete(id);
      for (const mark of this.reading.get(id) ?? []) mark.overtaken = true;
    } else if (change === 'calls') {
      // Said by a write on this instance before its notification: the next list reads the version.
      this.readCallsVersion = null;
    } else if (change.startsWith('calls:')) {
      const version = Number(change.slice(6));
      if (Number.isFinite(version)) this.heardCallsVersion = Math.max(this.heardCallsVersion, version);
    }
  }

  /** The organization's state ('' for none selected), if a trustworthy copy is held. */
  get(organizationId: string): OrgState | undefined {
    const { live, epoch } = this.feed;
    if (!live || this.readCallsVersion?.epoch !== epoch) return undefined;
    const entry = this.entries.get(organizationId);
    if (!entry || entry.epoch !== epoch) return undefined;
    return {
      callsVersion: Math.max(this.readCallsVersion.version, this.heardCallsVersion),
      submissions: entry.submissions,
    };
  }

  /** Reads through `read` and keeps the answer unless a change overtook it. */
  async load(organizationId: string, read: () => Promise<OrgState>): Promise<OrgState> {
    const { live, epoch } = this.feed;
    const mark = { overtaken: false };
    let marks = this.reading.get(organizationId);
    if (!marks) {
      marks = new Set();
      this.reading.set(organizationId, marks);
    }
    marks.add(mark);
    try {
      const state = await read();
      if (live && !mark.overtaken && this.feed.live && this.feed.epoch === epoch) {
        if (this.entries.size >= MAX_ORGANIZATIONS) this.entries.clear();
        this.entries.set(organizationId, { epoch, submissions: state.submissions });
        const before = this.readCallsVersion?.epoch === epoch ? this.readCallsVersion.version : 0;
        this.readCallsVersion = { epoch, version: Math.max(before, state.callsVersion) };
      }
      return state;
    } finally {
      marks.delete(mark);
      if (marks.size === 0) this.reading.delete(organizationId);
    }
  }
}

const caches = new WeakMap<ChangeFeed, OrgStateCache>();

/** The cache of this database's feed; null when the database has no feed (it then reads every time). */
export function orgStateCache(db: Db): OrgStateCache | null {
  const feed = changeFeedOf(db);
  if (!feed) return null;
  let cache = caches.get(feed);
  if (!cache) {
    cache = new OrgStateCache(feed);
    caches.set(feed, cache);
  }
  return cache;
}

/** Said by a write on this instance, so its own next list does not wait for the notification. */
export function forgetOrganizationState(db: Db, organizationId: string) {
  announceChange(db, `org:${organizationId}`);
}
