import { describe, expect, it } from 'vitest';
import { localisedCall, localisedStep, nameIn } from './localised-content';

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

describe('nameIn', () => {
  const call = { name: 'Bando verde', translations: { fr: { name: 'Appel vert' }, en: { name: '  ' } } };
  it('names a call in the reader’s language, the default’s where theirs is missing or blank', () => {
    expect(nameIn(call, 'fr')).toBe('Appel vert');
    expect(nameIn(call, 'en')).toBe('Bando verde');
    expect(nameIn(call, 'it')).toBe('Bando verde');
    expect(nameIn({ name: 'Senza', translations: null }, 'fr')).toBe('Senza');
  });
});
