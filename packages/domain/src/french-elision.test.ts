import { describe, expect, it } from 'vitest';
import { elideFrenchBefore, frenchElisionProcessor } from './french-elision';

describe('French elision before an inserted name', () => {
  it('elides the "de" or "que" written right before a value that starts with a vowel', () => {
    expect(elideFrenchBefore('La candidature de Associazione Il Ponte', ['Associazione Il Ponte'])).toBe(
      'La candidature d’Associazione Il Ponte',
    );
    expect(elideFrenchBefore('en tant que éditeur', ['éditeur'])).toBe('en tant qu’éditeur');
    expect(elideFrenchBefore('l’appel « Fondi Ancona » de Orti', ['Orti', 'Fondi Ancona'])).toBe(
      'l’appel « Fondi Ancona » d’Orti',
    );
  });

  it('keeps the words of the names themselves, consonants, an "h" and the texts around them', () => {
    expect(elideFrenchBefore('Rôle de Maria de Oliveira', ['Maria de Oliveira'])).toBe('Rôle de Maria de Oliveira');
    expect(elideFrenchBefore('Rapport de Instituto de Estudos', ['Instituto de Estudos'])).toBe(
      'Rapport d’Instituto de Estudos',
    );
    expect(elideFrenchBefore('Marco De Angelis, de Habitat', ['Marco De Angelis', 'Habitat'])).toBe(
      'Marco De Angelis, de Habitat',
    );
    // A name appearing elsewhere than after "de" is left alone; so is a value that is not text.
    expect(elideFrenchBefore('Orti, la commande Orti', ['Orti', 3])).toBe('Orti, la commande Orti');
    expect(elideFrenchBefore('Tranches de 1 000 €', [1000])).toBe('Tranches de 1 000 €');
  });

  it('as a post-processor, changes French texts only, before the values it was given', () => {
    const run = (lng: string) =>
      frenchElisionProcessor.process('Candidature de Aurora de Ancona', 'k', { lng, name: 'Aurora de Ancona' }, {});
    expect(run('fr')).toBe('Candidature d’Aurora de Ancona');
    expect(run('it')).toBe('Candidature de Aurora de Ancona');
    expect(frenchElisionProcessor.process('de Aurora', 'k', { org: 'Aurora' }, { language: 'fr' })).toBe('d’Aurora');
  });
});
