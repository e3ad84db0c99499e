import { emailDomain } from '@impact/domain';
import publicProviders from 'email-providers';

/**
 * Mail domains anyone can have an address at: email-providers' list (about 8,700: Gmail, Libero,
 * Virgilio, Orange, Free, La Poste, Outlook…) and Italy's certified-mail (PEC) providers and
 * operators' mailboxes it lacks. Two addresses at one of them say nothing about working together.
 */
const SHARED = new Set([...publicProviders, 'pec.it', 'legalmail.it', 'postecert.it', 'tim.it', 'fastwebnet.it']);

/**
 * The organization's own mail domain in an address, or '' when the address is at a provider anyone
 * can use: the rule that keeps a reviewer off an organization whose contact shares their domain
 * (a colleague, most likely) then has nothing to compare, instead of keeping every Gmail reviewer
 * off every organization whose contact writes from Gmail.
 */
export function ownMailDomain(email: string): string {
  const domain = emailDomain(email);
  return SHARED.has(domain) ? '' : domain;
}
