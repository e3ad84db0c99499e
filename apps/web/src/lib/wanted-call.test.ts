import { afterEach, describe, expect, it } from 'vitest';
import { forgetWantedCall, rememberWantedCall, wantedCall } from './wanted-call';

const id = '00000000-0000-4000-8000-000000000001';

describe('the call a visitor came to apply to', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.sessionStorage.clear();
  });

  it('is kept from the address through the sign-in round trip, until the list forgets it', () => {
    window.history.replaceState(null, '', `/calls?lang=fr&call=${id}`);
    rememberWantedCall();
    // Signing in sends the visitor home and back: the address no longer names it.
    window.history.replaceState(null, '', '/calls');
    rememberWantedCall();
    expect(wantedCall()).toBe(id);
    forgetWantedCall();
    expect(wantedCall()).toBeNull();
  });

  it('is not taken from an address naming anything but a call id', () => {
    window.history.replaceState(null, '', '/calls?call=<script>');
    rememberWantedCall();
    expect(wantedCall()).toBeNull();
  });
});
