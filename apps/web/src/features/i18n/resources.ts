import { LANGUAGES, type TLanguage } from '@impact/domain';

type Tree = { [key: string]: string | Tree };

/**
 * Translations live beside what they translate: src/locales/{lang}.json for the shell and
 * src/features/<feature>/locales/{lang}.json for each feature, merged here into one tree.
 */
const files = import.meta.glob<Tree>(['../../locales/*.json', '../*/locales/*.json'], {
  eager: true,
  import: 'default',
});

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else target[key] = typeof value === 'object' ? merge({}, value) : value;
  }
  return target;
}

export function localeFiles(): Array<{ path: string; language: string; tree: Tree }> {
  return Object.entries(files).map(([path, tree]) => ({
    path,
    language: path.split('/').pop()?.replace('.json', '') ?? '',
    tree,
  }));
}

export function buildResources(): Record<TLanguage, { translation: Tree }> {
  const out = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: {} as Tree }])) as Record<
    TLanguage,
    { translation: Tree }
  >;
  for (const file of localeFiles()) {
    const bucket = out[file.language as TLanguage];
    if (bucket) merge(bucket.translation, file.tree);
  }
  return out;
}
