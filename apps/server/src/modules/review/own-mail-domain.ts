import { createRequire } from 'node:module';
import { emailDomain } from '@impact/domain';

/**
 * Mail domains anyone can have an address at: email-providers' common list (355 providers ranked
 * by traffic: Gmail, Libero, Virgilio, Orange, Free, La Poste, Outlook…) and, kept here, Italian
 * and French mailboxes and Italy's certified-mail (PEC) providers it lacks. Not its full list:
 * that one also holds universities', councils' and firms' own domains, whose colleagues the rule
 * must keep apart. Two addresses at a provider say nothing about working together.
 */
const common: string[] = createRequire(import.meta.url)('email-providers/common.json');
/** A university's or a government's domain is its own, even where it hands out mailboxes (nus.edu.sg). */
const INSTITUTION = /\.(edu|ac|gov|gouv)(\.|$)/;
const SHARED = new Set([
  ...common.filter((domain) => !INSTITUTION.test(domain)),
  ...['googlemail.com', 'inwind.it', 'email.it', 'yahoo.it', 'hotmail.it', 'outlook.it', 'live.it', 'tim.it'],
  ...['fastwebnet.it', 'hotmail.fr', 'outlook.fr', 'live.fr', 'gmx.fr', 'bbox.fr', 'numericable.fr'],
  ...['pec.it', 'legalmail.it', 'cert.legalmail.it', 'postecert.it', 'arubapec.it', 'pec.libero.it', 'pecimprese.it'],
  'sicurezzapostale.it',
]);

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
