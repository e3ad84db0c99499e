import type { TPresenceViewer } from '@impact/domain';
import type { StepSaved } from './step-saves';

/** One open stream: who is looking, and how to tell them or end their stream. */
export type PresenceStream = {
  viewer: TPresenceViewer;
  /** Sends the others now viewing (this viewer's own tabs left out). */
  push(others: TPresenceViewer[]): void;
  /** Tells that a step's answer was written (by anyone, this viewer's other tabs included). */
  saved(saved: StepSaved): void;
  /** Ends the stream (server closing, membership lost). */
  end(): void;
};

/**
 * Who has which application open, in this instance's memory (decision 0032), plus what other
 * instances said through Redis when it is configured (`shared-presence.ts`): a map
 * submission → open streams, and a count per person so nobody holds more than `maxPerUser`
 * streams. Made per app (never module-level), so tests and instances never share one. A change
 * (someone opens or closes) is pushed to that submission's other streams at once: no polling.
 */
export class PresenceRegistry {
  private readonly bySubmission = new Map<string, Set<PresenceStream>>();
  /** Viewers on other instances (through Redis): submission → instance → viewers, until a time. */
  private readonly remote = new Map<string, Map<string, { viewers: TPresenceViewer[]; until: number }>>();
  /** Told this instance's viewers of a submission whenever they change (to publish them). */
  onLocalChange: ((submissionId: string, viewers: TPresenceViewer[]) => void) | null = null;
  private readonly perUser = new Map<string, number>();
  /** What each stream was last told, so an unchanged list (a second tab of someone already shown) is not sent again. */
  private readonly lastSent = new WeakMap<PresenceStream, string>();

  constructor(private readonly maxPerUser: number) {}

  /** Takes one of the person's stream slots; false when they hold the maximum already. */
  reserve(userId: string): boolean {
    const held = this.perUser.get(userId) ?? 0;
    if (held >= this.maxPerUser) return false;
    this.perUser.set(userId, held + 1);
    return true;
  }

  release(userId: string) {
    const held = (this.perUser.get(userId) ?? 1) - 1;
    if (held <= 0) this.perUser.delete(userId);
    else this.perUser.set(userId, held);
  }

  join(submissionId: string, stream: PresenceStream) {
    let streams = this.bySubmission.get(submissionId);
    if (!streams) {
      streams = new Set();
      this.bySubmission.set(submissionId, streams);
    }
    streams.add(stream);
    this.broadcast(submissionId);
    this.onLocalChange?.(submissionId, this.localViewers(submissionId));
  }

  leave(submissionId: string, stream: PresenceStream) {
    const streams = this.bySubmission.get(submissionId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.bySubmission.delete(submissionId);
    else this.broadcast(submissionId);
    this.onLocalChange?.(submissionId, this.localViewers(submissionId));
  }

  /** Each person with the submission open on this instance, once. */
  localViewers(submissionId: string): TPresenceViewer[] {
    return othersThan([...(this.bySubmission.get(submissionId) ?? [])], null);
  }

  /** The submissions open on this instance (republished on a beat, so other instances' copies do not expire). */
  openSubmissions(): string[] {
    return [...this.bySubmission.keys()];
  }

  /** What another instance says it has open; an empty list removes it. Kept until `until` unless said again. */
  setRemote(instanceId: string, submissionId: string, viewers: TPresenceViewer[], until: number) {
    const byInstance = this.remote.get(submissionId) ?? new Map();
    if (viewers.length) byInstance.set(instanceId, { viewers, until });
    else byInstance.delete(instanceId);
    if (byInstance.size) this.remote.set(submissionId, byInstance);
    else this.remote.delete(submissionId);
    this.broadcast(submissionId);
  }

  /** Forgets what instances that went silent (crashed) said, and tells the local viewers. */
  sweep(now = Date.now()) {
    for (const [submissionId, byInstance] of [...this.remote]) {
      for (const [instanceId, entry] of [...byInstance]) {
        if (entry.until <= now) this.setRemote(instanceId, submissionId, [], 0);
      }
    }
  }

  /** Tells every stream of the submission on this instance that one of its step answers was written. */
  tellSaved(saved: StepSaved) {
    for (const stream of this.bySubmission.get(saved.submissionId) ?? []) stream.saved(saved);
  }

  /** Whether another instance said someone has the submission open (a save is then worth publishing). */
  openElsewhere(submissionId: string, now = Date.now()): boolean {
    return [...(this.remote.get(submissionId)?.values() ?? [])].some((r) => r.until > now);
  }

  /** Open streams in all (for the bench and /readyz-style checks). */
  get size(): number {
    let n = 0;
    for (const streams of this.bySubmission.values()) n += streams.size;
    return n;
  }

  /** Ends every stream: the server is closing and must not wait for them. */
  endAll() {
    for (const streams of [...this.bySubmission.values()]) for (const s of [...streams]) s.end();
  }

  private broadcast(submissionId: string) {
    const streams = [...(this.bySubmission.get(submissionId) ?? [])];
    if (!streams.length) return;
    const now = Date.now();
    const remote = [...(this.remote.get(submissionId)?.values() ?? [])]
      .filter((r) => r.until > now)
      .flatMap((r) => r.viewers);
    for (const stream of streams) {
      const others = othersThan(streams, stream.viewer.userId, remote);
      const said = others.map((o) => o.userId).join(',');
      if (this.lastSent.get(stream) === said) continue;
      this.lastSent.set(stream, said);
      stream.push(others);
    }
  }
}

/** Everyone but `userId`, each person once (two tabs, or two instances, are one person). */
function othersThan(
  streams: PresenceStream[],
  userId: string | null,
  remote: TPresenceViewer[] = [],
): TPresenceViewer[] {
  const seen = new Map<string, TPresenceViewer>();
  for (const v of [...streams.map((s) => s.viewer), ...remote]) if (v.userId !== userId) seen.set(v.userId, v);
  // In a stable order, so "unchanged" is recognised whoever joined first.
  return [...seen.values()].sort((a, b) => a.userId.localeCompare(b.userId));
}
