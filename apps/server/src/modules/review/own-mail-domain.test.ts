import { describe, expect, it } from 'vitest';
import { ownMailDomain } from './own-mail-domain';

describe('an organization’s own mail domain', () => {
  it('is the domain of an address at the organization, in lower case', () => {
    expect(ownMailDomain(' Contatto@Fondazione-Aurora.IT ')).toBe('fondazione-aurora.it');
    expect(ownMailDomain('info@coop.example')).toBe('coop.example');
  });

  it('is none at a provider anyone can use, Italian and French ones and certified mail included', () => {
    for (const address of [
      'a@gmail.com',
      'a@libero.it',
      'a@virgilio.it',
      'a@tiscali.it',
      'a@outlook.it',
      'a@orange.fr',
      'a@laposte.net',
      'a@pec.it',
      'a@legalmail.it',
    ])
      expect(ownMailDomain(address), address).toBe('');
  });

  it('is kept for a university’s, a council’s or a firm’s own domain that a full list of providers names', () => {
    for (const address of ['a@nus.edu.sg', 'a@sfgov.net', 'a@dott.it', 'a@estate-invest.fr'])
      expect(ownMailDomain(address), address).toBe(address.slice(2));
  });

  it('is none without an @', () => {
    expect(ownMailDomain('nobody')).toBe('');
  });
});
