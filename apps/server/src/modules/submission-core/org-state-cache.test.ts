import { describe, expect, it } from 'vitest';
import type { Change, ChangeFeed } from '../../db/change-feed';
import { type OrgState, OrgStateCache } from './org-state-cache';

/** A feed driven by the test: what the database would say, when it would say it. */
class ScriptedFeed implements ChangeFeed {
  live = true;
  epoch = 1;
  private listeners = new Set<(change: Change) => void>();
  subscribe(listener: (change: Change) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  announce(change: Change) {
    for (const l of this.listeners) l(change);
  }
  /** The listening connection dropped (or came back): a new epoch, and everything may have changed. */
  reconnect(live: boolean) {
    this.live = live;
    this.epoch++;
    this.announce('all');
  }
  async close() {}
}

const state = (callsVersion: number, submissionId = 's1'): OrgState => ({
  callsVersion,
  submissions: [{ callId: 'c1', submissionId, closed: false, outcome: null, outcomeMessage: null }],
});

describe('organization state kept while the change feed vouches for it', () => {
  it('serves a read again until the organization is named by a change', async () => {
    const feed = new ScriptedFeed();
    const cache = new OrgStateCache(feed);
    expect(cache.get('o1')).toBeUndefined();
    await cache.load('o1', async () => state(3));
    expect(cache.get('o1')).toEqual(state(3));
    feed.announce('org:o2');
    expect(cache.get('o1')).toEqual(state(3));
    feed.announce('org:o1');
    expect(cache.get('o1')).toBeUndefined();
  });

  it('does not keep a read that a change overtook (it may predate the change)', async () => {
    const feed = new ScriptedFeed();
    const cache = new OrgStateCache(feed);
    await cache.load('o1', async () => {
      feed.announce('org:o1');
      return state(3);
    });
    expect(cache.get('o1')).toBeUndefined();
    await cache.load('o1', async () => {
      feed.reconnect(true);
      return state(3);
    });
    expect(cache.get('o1')).toBeUndefined();
  });

  it('trusts nothing while the feed is down, nor what was read before it came back', async () => {
    const feed = new ScriptedFeed();
    const cache = new OrgStateCache(feed);
    await cache.load('o1', async () => state(3));
    feed.reconnect(false);
    expect(cache.get('o1')).toBeUndefined();
    await cache.load('o1', async () => state(3));
    expect(cache.get('o1')).toBeUndefined();
    feed.reconnect(true);
    expect(cache.get('o1')).toBeUndefined();
    await cache.load('o1', async () => state(4));
    expect(cache.get('o1')).toEqual(state(4));
  });

  it('gives the newest calls version heard, even one heard while the read was under way', async () => {
    const feed = new ScriptedFeed();
    const cache = new OrgStateCache(feed);
    await cache.load('o1', async () => {
      feed.announce('calls:9');
      return state(8);
    });
    // The read is about o1's submissions, which no change named: kept, with the later version.
    expect(cache.get('o1')?.callsVersion).toBe(9);
    feed.announce('calls:12');
    expect(cache.get('o1')?.callsVersion).toBe(12);
    // A write on this instance, before its notification: the version must be read again.
    feed.announce('calls');
    expect(cache.get('o1')).toBeUndefined();
  });
});
