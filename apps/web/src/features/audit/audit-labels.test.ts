import { AUDIT_ACTIONS } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import fr from './locales/fr.json';
import it_ from './locales/it.json';

type Tree = { [key: string]: string | Tree };
const labelOf = (tree: Tree, action: string): unknown =>
  action
    .split('.')
    .reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree.audit && (tree.audit as Tree).actions);

// The audit trail shows each action in words: an action added without its label would show its code.
describe('audit action labels', () => {
  for (const [language, tree] of [
    ['it', it_],
    ['en', en],
    ['fr', fr],
  ] as const) {
    it(`every action has a label in ${language}`, () => {
      const missing = AUDIT_ACTIONS.filter((action) => typeof labelOf(tree as Tree, action) !== 'string');
      expect(missing).toEqual([]);
    });
  }
});
