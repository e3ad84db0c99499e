import type { Tree } from './merge';

/**
 * Every locale file with its path and language, for the completeness test (not shipped: tests only):
 * the web app's, and the server's (packages/texts: the PDF, the mails, the sign-in pages), which
 * follow the same layout and the same rules.
 */
const files = import.meta.glob<Tree>(
  ['../../locales/*.json', '../../features/*/locales/*.json', '../../../../../packages/texts/src/locales/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

export function localeFiles(): Array<{ path: string; language: string; tree: Tree }> {
  return Object.entries(files).map(([path, tree]) => ({
    path,
    language: path.split('/').pop()?.replace('.json', '') ?? '',
    tree,
  }));
}
