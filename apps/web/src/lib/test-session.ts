import { setSession } from './session-store';

/** For tests: a person signed in (what the browser keeps is kept per person). */
export function signInForTest(id = '00000000-0000-4000-8000-0000000000aa', firstName = 'Rita') {
  setSession({
    status: 'authenticated',
    token: 't',
    user: { id, firstName, lastName: 'Rossi', email: `${firstName.toLowerCase()}@example.org`, roles: [] },
  });
}
