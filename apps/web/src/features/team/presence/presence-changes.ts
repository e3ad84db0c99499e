import type { TPresenceViewer } from '@impact/domain';

/** Who arrived and who left between two lists of viewers (by person, not by tab). */
export function presenceChanges(before: TPresenceViewer[], after: TPresenceViewer[]) {
  const had = new Set(before.map((v) => v.userId));
  const has = new Set(after.map((v) => v.userId));
  return {
    joined: after.filter((v) => !had.has(v.userId)),
    left: before.filter((v) => !has.has(v.userId)),
  };
}
