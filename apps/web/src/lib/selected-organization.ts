import { useSyncExternalStore } from 'react';
import { configureApiClient } from './api-client';
import { getSession } from './session-store';

/**
 * The organization the user works for (SPEC 2 side panel, SPEC 6 header). Remembered per user in
 * localStorage, but only ever sent once the user's own list has confirmed it: a stale id (an
 * organization deleted elsewhere, another account on this browser) would be refused by the server.
 */
export const ORGANIZATION_STORAGE_PREFIX = 'impact-calls.organization.';

type State = { userId: string | null; known: readonly string[] | null; selectedId: string | null };
let state: State = { userId: null, known: null, selectedId: null };
const listeners = new Set<() => void>();

function currentUserId(): string | null {
  const session = getSession();
  return session.status === 'authenticated' ? session.user.id : null;
}

function readStored(userId: string): string | null {
  try {
    return window.localStorage.getItem(ORGANIZATION_STORAGE_PREFIX + userId);
  } catch {
    return null; // storage disabled: the choice lasts until the page is reloaded
  }
}

function store(next: State) {
  state = next;
  if (next.userId) {
    try {
      if (next.selectedId) window.localStorage.setItem(ORGANIZATION_STORAGE_PREFIX + next.userId, next.selectedId);
      else window.localStorage.removeItem(ORGANIZATION_STORAGE_PREFIX + next.userId);
    } catch {
      // see readStored
    }
  }
  for (const listener of listeners) listener();
}

/** Every fresh list of the user's organizations confirms the selection, or picks the first one. */
export function syncOrganizations(ids: readonly string[]) {
  const userId = currentUserId();
  if (!userId) return;
  const wanted = state.userId === userId && state.selectedId ? state.selectedId : readStored(userId);
  const selectedId = wanted && ids.includes(wanted) ? wanted : (ids[0] ?? null);
  store({ userId, known: [...ids], selectedId });
}

export function selectOrganization(id: string) {
  if (!state.known?.includes(id)) return;
  store({ ...state, selectedId: id });
}

/** A newly registered organization: known at once, and selected when it is the user's first. */
export function adoptOrganization(id: string) {
  const userId = currentUserId();
  if (!userId) return;
  const known = state.userId === userId && state.known ? state.known : [];
  const selectedId =
    state.userId === userId && state.selectedId && known.includes(state.selectedId) ? state.selectedId : id;
  store({ userId, known: [...known.filter((k) => k !== id), id], selectedId });
}

/** A deleted organization must never be sent again (the server would answer 403). */
export function forgetOrganization(id: string) {
  if (!state.known) return;
  const known = state.known.filter((k) => k !== id);
  store({ ...state, known, selectedId: state.selectedId === id ? (known[0] ?? null) : state.selectedId });
}

/** What X-Organization-Id carries: the selection, once confirmed for the signed-in user. */
export function getSelectedOrganizationId(): string | null {
  const userId = currentUserId();
  if (!userId || state.userId !== userId || !state.selectedId) return null;
  return state.known?.includes(state.selectedId) ? state.selectedId : null;
}

export function useSelectedOrganizationId(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, getSelectedOrganizationId);
}

configureApiClient({ getOrganizationId: getSelectedOrganizationId });
