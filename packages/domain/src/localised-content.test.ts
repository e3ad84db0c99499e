import { describe, expect, it } from 'vitest';
import { localisedCall, localisedStep } from './localised-content';

const call = {
  name: 'Bando',
  description: '<p>Descrizione</p>',
  translations: { en: { name: 'Call', description: '  ' }, fr: {} },
};

describe('texts shown in another language than the reader’s', () => {
  it('a call names the fields shown in Italian: missing or blank in the reader’s language', () => {
    expect(localisedCall(call, 'en')).toMatchObject({
      name: 'Call',
      description: '<p>Descrizione</p>',
      textLanguages: { description: 'it' },
    });
    expect(localisedCall(call, 'fr').textLanguages).toEqual({ name: 'it', description: 'it' });
    expect(localisedCall({ ...call, translations: null }, 'en').textLanguages).toEqual({
      name: 'it',
      description: 'it',
    });
    // Italian is the page's own language: nothing to mark.
    expect(localisedCall(call, 'it').textLanguages).toEqual({});
  });

  it('so does a step', () => {
    const step = {
      name: 'Progetto',
      description: '',
      content: '{}',
      stepType: { name: 'text' },
      translations: { fr: { name: 'Projet' } },
    };
    expect(localisedStep(step, 'fr')).toMatchObject({ name: 'Projet', textLanguages: { description: 'it' } });
    expect(localisedStep(step, 'fr').textLanguages.name).toBeUndefined();
    expect(localisedStep(step, 'en').textLanguages).toEqual({ name: 'it', description: 'it' });
  });
});
