import { describe, expect, it } from 'vitest';
import { isMissingIn, textIn, textToNameBy, withTextIn } from './localised';

describe('survey texts in three languages', () => {
  it('stays a plain string (Italian) until a second language is written', () => {
    expect(withTextIn(undefined, 'it', 'Ciao')).toBe('Ciao');
    expect(withTextIn('Ciao', 'it', 'Salve')).toBe('Salve');
    const two = withTextIn('Ciao', 'en', 'Hello');
    expect(two).toEqual({ default: 'Ciao', en: 'Hello' });
    expect(withTextIn(two, 'fr', 'Bonjour')).toEqual({ default: 'Ciao', en: 'Hello', fr: 'Bonjour' });
    // Emptying the other language returns to a plain string.
    expect(withTextIn(two, 'en', '')).toBe('Ciao');
    expect(withTextIn('Ciao', 'it', '')).toBeUndefined();
  });

  it('reads texts whose default is another language, as our templates and SurveyJS examples write them', () => {
    const template = { default: 'Quiz EN', it: 'Quiz IT', fr: 'Quiz FR' };
    expect(textIn(template, 'it')).toBe('Quiz IT');
    expect(textIn(template, 'en')).toBe('Quiz EN');
    expect(withTextIn(template, 'en', 'New')).toEqual({ default: 'New', it: 'Quiz IT', fr: 'Quiz FR' });
    expect(withTextIn(template, 'it', 'Nuovo')).toEqual({ default: 'Quiz EN', it: 'Nuovo', fr: 'Quiz FR' });
    // Languages the builder does not edit are kept.
    expect(withTextIn({ default: 'x', es: 'y' }, 'fr', 'z')).toEqual({ default: 'x', es: 'y', fr: 'z' });
  });

  it('marks a text written in another language but not in this one', () => {
    expect(isMissingIn({ default: 'Ciao', en: 'Hello' }, 'fr')).toBe(true);
    expect(isMissingIn({ default: 'Ciao', en: 'Hello' }, 'en')).toBe(false);
    expect(isMissingIn('Ciao', 'en')).toBe(true);
    expect(isMissingIn(undefined, 'en')).toBe(false);
  });

  it('names a question in the language asked, else in the first it is written in', () => {
    expect(textToNameBy({ default: 'Paese', en: 'Country' }, 'en')).toBe('Country');
    expect(textToNameBy('Paese', 'fr')).toBe('Paese');
    expect(textToNameBy({ fr: 'Pays' }, 'en')).toBe('Pays');
    expect(textToNameBy(undefined, 'en')).toBe('');
  });
});
