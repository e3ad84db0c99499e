import type { TUser } from '@impact/domain';
import { useSyncExternalStore } from 'react';

export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; token: string; user: TUser };

let state: SessionState = { status: 'loading' };
const listeners = new Set<() => void>();

/** The session lives in memory only: the access token never touches storage that scripts can read at rest. */
export function getSession(): SessionState {
  return state;
}

export function setSession(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export function accessToken(): string | null {
  return state.status === 'authenticated' ? state.token : null;
}
