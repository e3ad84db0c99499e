import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { detailsText } from './details-text';

beforeAll(async () => {
  await initI18n('it');
});

describe('an audit entry’s details', () => {
  it('read as words, not JSON: labelled fields, lists written out, empty values left out', () => {
    const t = i18next.t.bind(i18next);
    expect(
      detailsText(t, 'it', {
        reports: [
          { name: 'Relazione intermedia', dueAt: null, dueAfterMonths: 6 },
          { name: 'Relazione finale', dueAt: '2027-12-31', dueAfterMonths: null },
        ],
        removed: true,
        note: '',
      }),
    ).toBe(
      'Relazioni: Relazione intermedia (mesi dopo l’inizio: 6); Relazione finale (Scadenza: 31 dic 2027) · Rimosso: sì',
    );
    // A code is said in words; the same word elsewhere stays as written.
    expect(detailsText(t, 'it', { outcome: 'accepted', name: 'accepted' })).toBe('Esito: accolta · Nome: accepted');
    // An amount kept in cents reads as the amount; the reviewer's and the grantee's fields are named.
    expect(detailsText(t, 'it', { totalCents: 1500000, fullName: 'Anna Neri', conditionsAccepted: true })).toBe(
      'Totale: 15.000,00 · Nome digitato: Anna Neri · Condizioni accettate: sì',
    );
    // An amount reads as the others do; a record's id as the Record column shows one.
    expect(
      detailsText(t, 'it', { trancheId: 'b39d8ab2-1c2d-4e5f-8a9b-0c1d2e3f4a5b', amount: 16000, paidAt: '2027-03-01' }),
    ).toMatch(/^[^·]+: b39d8ab2 · Importo: 16\.000,00 · /);
    // A field without a label keeps its name.
    expect(detailsText(t, 'it', { somethingNew: 'abc' })).toBe('somethingNew: abc');
  });
});
