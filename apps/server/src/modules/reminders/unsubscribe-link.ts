import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe address of a call's reminders for one recipient. It names the call and
 * the address and carries their signature (HMAC with a key derived from the app's secret), so
 * nobody can unsubscribe somebody else, and it never expires (a mail read months later still works).
 */
export function unsubscribeUrl(publicUrl: string, key: string, callId: string, email: string) {
  const params = new URLSearchParams({ callId, email: email.toLowerCase(), sig: signatureOf(key, callId, email) });
  return `${publicUrl}/api/Call/UnsubscribeReminders?${params}`;
}

function signatureOf(key: string, callId: string, email: string) {
  return createHmac('sha256', key).update(`${callId}\n${email.toLowerCase()}`).digest('base64url');
}

export function validSignature(key: string, callId: string, email: string, sig: string) {
  const expected = Buffer.from(signatureOf(key, callId, email));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The links' key, derived from the app's secret so it signs nothing else. */
export function unsubscribeKeyOf(authSecret: string) {
  return createHmac('sha256', authSecret).update('reminder-unsubscribe').digest('base64url');
}
