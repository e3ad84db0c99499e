import { describe, expect, it } from 'vitest';
import { localeFiles } from './locale-files';

type Tree = { [key: string]: string | Tree };

/**
 * Counters that read the same for any number ("3 / 10", "2 di 4", the first N answers of many):
 * the only texts with a count that need no plural forms.
 */
const COUNTERS = new Set([
  'applying.text.counter',
  // Said only past the limit (always more than one character), and of a message at its limit.
  'applying.text.overLimitNotSaved',
  'conversation.counter',
  'conversation.counterFull',
  'impact.step.chosenOf',
  'impact.step.customCount',
  'reports.survey.truncated',
]);

// "1 esiti salvati": a text that shows a count must have its plural forms (_one, _other), in
// every language, so i18next picks the right one.
describe('plurals', () => {
  it('every text with a count is a plural form, or a counter that reads the same for any number', () => {
    const wrong: string[] = [];
    for (const file of localeFiles()) {
      const walk = (tree: Tree, prefix: string) => {
        for (const [key, value] of Object.entries(tree)) {
          const path = `${prefix}${key}`;
          if (typeof value === 'object') walk(value, `${path}.`);
          else if (value.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(key) && !COUNTERS.has(path))
            wrong.push(`${file.path}: ${path}`);
          else if (key.endsWith('_one') && typeof tree[key.replace(/_one$/, '_other')] !== 'string')
            wrong.push(`${file.path}: ${path} has no _other`);
        }
      };
      walk(file.tree as Tree, '');
    }
    expect(wrong).toEqual([]);
  });
});
