import { getSession } from './session-store';

/*
 * What a signed-in person has typed and the server has not yet stored, kept in this browser:
 * answers' drafts (features/step-kit/use-autosave) and unsent messages and comments
 * (use-kept-text). Kept under the person's id, so whoever signs in next on a shared computer never
 * meets them. At sign-out the unsent messages and comments are forgotten; an answer's draft is
 * kept, for it is the only copy of an answer the server has not stored (decision 0048).
 */
const ROOT = 'impact-calls.kept.';
export type KeptKind = 'draft' | 'unsent';

function storageKey(kind: KeptKind, key: string): string | null {
  const session = getSession();
  return session.status === 'authenticated' ? `${ROOT}${session.user.id}.${kind}.${key}` : null;
}

export function readKept(kind: KeptKind, key: string): string | null {
  const name = storageKey(kind, key);
  try {
    return name ? window.localStorage.getItem(name) : null;
  } catch {
    return null; // storage disabled: the text lives as long as the page
  }
}

/** Keeps `value` for the signed-in person; an empty value forgets it. */
export function writeKept(kind: KeptKind, key: string, value: string) {
  const name = storageKey(kind, key);
  if (!name) return;
  try {
    if (value) window.localStorage.setItem(name, value);
    else window.localStorage.removeItem(name);
  } catch {
    // storage full or disabled: the page still holds it
  }
}

/** Where drafts and unsent text were kept for whoever was signed in, before they were kept per person. */
const SHARED_PREFIXES = ['impact-calls.draft.', 'impact-calls.unsent.'];

function forgetStartingWith(prefixes: string[]) {
  try {
    const names = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    for (const name of names)
      if (name && prefixes.some((p) => name.startsWith(p))) window.localStorage.removeItem(name);
  } catch {
    // storage disabled: nothing was kept
  }
}

/**
 * Sign-out: this person's unsent messages and comments leave the browser, and whatever was kept
 * under the shared keys (not anyone's in particular, so never shown again).
 */
export function forgetUnsentOf(userId: string) {
  forgetStartingWith([`${ROOT}${userId}.unsent.`, ...SHARED_PREFIXES]);
}

/** The account is deleted: everything kept for this person leaves the browser, drafts included. */
export function forgetEverythingOf(userId: string) {
  forgetStartingWith([`${ROOT}${userId}.`, ...SHARED_PREFIXES]);
}
