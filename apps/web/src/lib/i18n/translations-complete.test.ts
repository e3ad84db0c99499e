import { describe, expect, it } from 'vitest';
import { localeFiles } from './locale-files';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

// Every text exists in Italian, English and French, file by file: a missing key fails the suite.
describe('translations', () => {
  const byFolder = new Map<string, Map<string, string[]>>();
  for (const file of localeFiles()) {
    const folder = file.path.slice(0, file.path.lastIndexOf('/'));
    const languages = byFolder.get(folder) ?? new Map<string, string[]>();
    languages.set(file.language, flatten(file.tree).sort());
    byFolder.set(folder, languages);
  }

  it("finds the locale files, the server's texts among them", () => {
    expect(byFolder.size).toBeGreaterThan(0);
    expect([...byFolder.keys()].some((folder) => folder.endsWith('packages/texts/src/locales'))).toBe(true);
  });

  for (const [folder, languages] of byFolder) {
    it(`${folder} has it, en and fr with the same keys and no empty text`, () => {
      expect([...languages.keys()].sort()).toEqual(['en', 'fr', 'it']);
      const it = languages.get('it');
      expect(languages.get('en')).toEqual(it);
      expect(languages.get('fr')).toEqual(it);
    });
  }

  it('no text is empty', () => {
    for (const file of localeFiles()) {
      const empty: string[] = [];
      const walk = (tree: Tree, prefix: string) => {
        for (const [k, v] of Object.entries(tree)) {
          if (typeof v === 'object') walk(v, `${prefix}${k}.`);
          else if (!v.trim()) empty.push(`${file.path}: ${prefix}${k}`);
        }
      };
      walk(file.tree, '');
      expect(empty).toEqual([]);
    }
  });
});

// French sets a non-breaking space before : ; ? ! and inside « »: a plain one lets the mark start
// a line of its own on a narrow screen (a lone "»" or ":" at 390 px).
describe('French typography', () => {
  it('no plain space before high punctuation or inside guillemets', () => {
    const loose: string[] = [];
    for (const file of localeFiles().filter((f) => f.language === 'fr')) {
      const walk = (tree: Tree, prefix: string) => {
        for (const [k, v] of Object.entries(tree)) {
          if (typeof v === 'object') walk(v, `${prefix}${k}.`);
          else if (/ [:;?!»]|« /.test(v)) loose.push(`${file.path}: ${prefix}${k}`);
        }
      };
      walk(file.tree, '');
    }
    expect(loose).toEqual([]);
  });
});
