const KEY = 'impact-calls.wanted-call';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The call a visitor came to apply to (`/calls?call=<id>`: a public call page's Apply), kept for
 * this tab until the call list shows it: signing in first sends them home and back to the list,
 * which would lose the address's query.
 */
export function rememberWantedCall() {
  const id = new URLSearchParams(window.location.search).get('call');
  if (id && UUID.test(id)) rememberCall(id);
}

/** A call chosen in the list before the organization is registered: the list shows it again after. */
export function rememberCall(id: string) {
  try {
    window.sessionStorage.setItem(KEY, id);
  } catch {
    // storage disabled: the list opens as usual
  }
}

export function wantedCall(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetWantedCall() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
