import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEverythingOf, forgetUnsentOf, readKept, writeKept } from './kept-in-browser';
import { logout } from './session';
import { setSession } from './session-store';
import { signInForTest } from './test-session';

const RITA = '00000000-0000-4000-8000-0000000000a1';
const LUCA = '00000000-0000-4000-8000-0000000000a2';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  setSession({ status: 'anonymous' });
});

describe('what the browser keeps of unsent text', () => {
  it('is kept per person: whoever signs in next on the same browser does not meet it', () => {
    signInForTest(RITA, 'Rita');
    writeKept('unsent', 'message.s1', 'Caro ufficio bandi…');
    writeKept('draft', 's1.step1', '{"content":"mine","version":1}');
    expect(readKept('unsent', 'message.s1')).toBe('Caro ufficio bandi…');

    signInForTest(LUCA, 'Luca');
    expect(readKept('unsent', 'message.s1')).toBeNull();
    expect(readKept('draft', 's1.step1')).toBeNull();

    signInForTest(RITA, 'Rita');
    expect(readKept('draft', 's1.step1')).toBe('{"content":"mine","version":1}');
  });

  it('forgets a person’s unsent messages and comments at sign-out, and keeps their unsaved answers', () => {
    signInForTest(RITA, 'Rita');
    writeKept('unsent', 'message.s1', 'hello');
    writeKept('unsent', 'comment.s1.step1.new', 'a comment');
    writeKept('draft', 's1.step1', '{"content":"mine","version":1}');
    signInForTest(LUCA, 'Luca');
    writeKept('unsent', 'message.s1', 'Luca’s');
    signInForTest(RITA, 'Rita');

    forgetUnsentOf(RITA);
    expect(readKept('unsent', 'message.s1')).toBeNull();
    expect(readKept('unsent', 'comment.s1.step1.new')).toBeNull();
    expect(readKept('draft', 's1.step1')).not.toBeNull();
    signInForTest(LUCA, 'Luca');
    expect(readKept('unsent', 'message.s1')).toBe('Luca’s');
  });

  it('lets go of what was kept under the shared keys at sign-out, and of everything the person kept when the account goes', () => {
    window.localStorage.setItem('impact-calls.draft.s1.step1', '{"content":"whose?","version":1}');
    window.localStorage.setItem('impact-calls.unsent.message.s1', 'whose?');
    window.localStorage.setItem('impact-calls.language', 'fr');
    signInForTest(RITA, 'Rita');
    writeKept('draft', 's1.step1', '{"content":"mine","version":1}');
    // A draft under the shared key is nobody's in particular: never read as this person's.
    expect(readKept('draft', 's1.step1')).toBe('{"content":"mine","version":1}');
    forgetUnsentOf(RITA);
    expect(window.localStorage.getItem('impact-calls.draft.s1.step1')).toBeNull();
    expect(window.localStorage.getItem('impact-calls.unsent.message.s1')).toBeNull();
    expect(window.localStorage.getItem('impact-calls.language')).toBe('fr');
    forgetEverythingOf(RITA);
    expect(readKept('draft', 's1.step1')).toBeNull();
  });

  it('keeps nothing for nobody', () => {
    setSession({ status: 'anonymous' });
    writeKept('unsent', 'message.s1', 'hello');
    expect(window.localStorage.length).toBe(0);
    expect(readKept('unsent', 'message.s1')).toBeNull();
  });

  it('is forgotten when the person signs out from the menu', async () => {
    signInForTest(RITA, 'Rita');
    writeKept('unsent', 'message.s1', 'hello');
    writeKept('draft', 's1.step1', '{"content":"mine","version":1}');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ logoutUrl: '/logout-callback' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await logout();
    expect(assign).toHaveBeenCalledWith('/logout-callback');
    signInForTest(RITA, 'Rita');
    expect(readKept('unsent', 'message.s1')).toBeNull();
    expect(readKept('draft', 's1.step1')).not.toBeNull();
  });
});
