export type Tree = { [key: string]: string | Tree };

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else target[key] = typeof value === 'object' ? merge({}, value) : value;
  }
  return target;
}

/**
 * Translations live beside what they translate: src/locales/{lang}.json for the shell and
 * src/features/<feature>/locales/{lang}.json for each feature, merged into one tree per language.
 */
export function mergeLocaleFiles(files: Record<string, unknown>): Tree {
  const tree: Tree = {};
  for (const file of Object.values(files)) merge(tree, file as Tree);
  return tree;
}
