import { describe, expect, it } from 'vitest';
import { htmlToText, safeText } from './text';

describe('PDF text', () => {
  it('turns the editor’s HTML into readable text: paragraphs, breaks, bullets, entities', () => {
    expect(htmlToText('<p>Primo <strong>punto</strong></p><p>Secondo&nbsp;punto &amp; più</p>')).toBe(
      'Primo punto\nSecondo\u00a0punto & più',
    );
    expect(htmlToText('<ul><li>uno</li><li>due</li></ul>')).toBe('• uno\n• due');
    expect(htmlToText('riga<br>riga')).toBe('riga\nriga');
    expect(htmlToText('<script>alert(1)</script>ciao')).toBe('ciao');
    expect(htmlToText('&#233;t&eacute; &#x20AC;')).toBe('été €');
  });

  it('leaves plain text alone, including a lone “<” that is not a tag', () => {
    expect(htmlToText('a < b e c > d')).toBe('a < b e c > d');
  });

  it('drops control characters and lone surrogates, keeps accents, Greek, Cyrillic and emoji', () => {
    expect(safeText('a\u0000b\u0007c\td\r\ne')).toBe('abc\td\ne');
    expect(safeText('x\ud800y')).toBe('xy');
    expect(safeText('Forlì Ελληνικά кириллица 🌱')).toBe('Forlì Ελληνικά кириллица 🌱');
  });
});
