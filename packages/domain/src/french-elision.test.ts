import { describe, expect, it } from 'vitest';
import { elideFrench, frenchElisionProcessor } from './french-elision';

describe('French elision of inserted names', () => {
  it('elides "de" and "que" before a vowel', () => {
    expect(elideFrench('La candidature de Associazione Il Ponte')).toBe('La candidature d’Associazione Il Ponte');
    expect(elideFrench('en tant que éditeur')).toBe('en tant qu’éditeur');
    expect(elideFrench('Rapports de la subvention de Orti')).toBe('Rapports de la subvention d’Orti');
    expect(elideFrench('l’appel « Fondi de Ancona »')).toBe('l’appel « Fondi d’Ancona »');
  });

  it('leaves consonants, an "h", a surname\'s particle and words ending in "de" alone', () => {
    for (const kept of [
      'La candidature de Verde Futuro',
      'de Habitat',
      'Marco De Angelis',
      'la commande Orti',
      'le 2 mai',
      'Tranches de 1 000 €',
    ])
      expect(elideFrench(kept)).toBe(kept);
  });

  it('as a post-processor, changes French texts only', () => {
    const run = (lng: string) => frenchElisionProcessor.process('Candidature de Aurora', 'k', { lng }, {});
    expect(run('fr')).toBe('Candidature d’Aurora');
    expect(run('it')).toBe('Candidature de Aurora');
    expect(frenchElisionProcessor.process('de Aurora', 'k', {}, { language: 'fr' })).toBe('d’Aurora');
  });
});
