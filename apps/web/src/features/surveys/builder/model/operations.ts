import { isJsonObject, type TJsonObject } from '@impact/domain';
import { childrenKeyOf, childrenOf, elementAt, pagesOf, type TElementPath, updateChildren, withPages } from './tree';

/** Every `name` used in the model (questions, panels, pages), so new ones never clash. */
export function namesIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) namesIn(v, into);
  else if (isJsonObject(value)) {
    if (typeof value.name === 'string') into.add(value.name);
    for (const v of Object.values(value)) namesIn(v, into);
  }
  return into;
}

export function freshName(used: Set<string>, prefix: string): string {
  let n = 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  used.add(`${prefix}${n}`);
  return `${prefix}${n}`;
}

/** Adds an element (a preset, named here) at the end of a container: a page `[p]` or a panel's path. */
export function addElement(
  model: TJsonObject,
  containerPath: TElementPath,
  preset: TJsonObject,
): { model: TJsonObject; path: TElementPath } {
  const used = namesIn(model);
  const element = renamed(structuredClone(preset), used, preset.type === 'panel' ? 'panel' : 'question');
  const container = elementAt(model, containerPath);
  const index = container ? childrenOf(container).length : 0;
  return {
    model: updateChildren(model, containerPath, (children) => [...children, element]),
    path: [...containerPath, index],
  };
}

/** The element and its inner elements under fresh names; everything else in it kept. */
function renamed(element: TJsonObject, used: Set<string>, prefix: string): TJsonObject {
  const out: TJsonObject = { ...element, name: freshName(used, prefix) };
  for (const key of ['elements', 'templateElements', 'questions'] as const) {
    const list = out[key];
    if (Array.isArray(list))
      out[key] = list.map((child) =>
        isJsonObject(child) ? renamed(child, used, child.type === 'panel' ? 'panel' : 'question') : child,
      );
  }
  return out;
}

/** A copy of the element right after it, under a fresh name (inner questions too). */
export function duplicateElement(model: TJsonObject, path: TElementPath): { model: TJsonObject; path: TElementPath } {
  const element = elementAt(model, path);
  const index = path.at(-1);
  if (!element || index === undefined) return { model, path };
  const copy = renamed(structuredClone(element), namesIn(model), element.type === 'panel' ? 'panel' : 'question');
  return {
    model: updateChildren(model, path.slice(0, -1), (children) => {
      children.splice(index + 1, 0, copy);
      return children;
    }),
    path: [...path.slice(0, -1), index + 1],
  };
}

export function deleteElement(model: TJsonObject, path: TElementPath): TJsonObject {
  const index = path.at(-1);
  if (index === undefined || path.length < 2) return model;
  return updateChildren(model, path.slice(0, -1), (children) => children.filter((_, i) => i !== index));
}

/**
 * Moves an element one place up or down. On a page's edge it crosses to the end of the page
 * before or the start of the page after, so keyboard users can move a question anywhere; inside a
 * panel it stays in the panel. Returns the new path (null when it cannot move).
 */
export function moveElement(
  model: TJsonObject,
  path: TElementPath,
  direction: -1 | 1,
): { model: TJsonObject; path: TElementPath } | null {
  const index = path.at(-1);
  const element = elementAt(model, path);
  if (index === undefined || !element) return null;
  const parentPath = path.slice(0, -1);
  const siblings = childrenOf(elementAt(model, parentPath) ?? {});
  const target = index + direction;
  if (target >= 0 && target < siblings.length) {
    return {
      model: updateChildren(model, parentPath, (children) => {
        const [moved] = children.splice(index, 1);
        children.splice(target, 0, moved);
        return children;
      }),
      path: [...parentPath, target],
    };
  }
  if (path.length !== 2) return null;
  const page = path[0] ?? 0;
  const otherPage = page + direction;
  const pages = pagesOf(model);
  if (otherPage < 0 || otherPage >= pages.length) return null;
  return moveToPage(model, path, otherPage, direction === -1 ? 'end' : 'start');
}

/** Moves a top-level element onto another page, at its start or its end. */
export function moveToPage(
  model: TJsonObject,
  path: TElementPath,
  page: number,
  where: 'start' | 'end',
): { model: TJsonObject; path: TElementPath } | null {
  const element = elementAt(model, path);
  const pageOf = pagesOf(model)[page];
  if (!element || !pageOf || path.length !== 2) return null;
  const without = deleteElement(model, path);
  const targetLength = childrenOf(pagesOf(without)[page] ?? {}).length;
  const at = where === 'start' ? 0 : targetLength;
  return {
    model: updateChildren(without, [page], (children) => {
      children.splice(at, 0, element);
      return children;
    }),
    path: [page, at],
  };
}

/** Moves an element to another index among its siblings (drag and drop). */
export function moveElementTo(model: TJsonObject, path: TElementPath, to: TElementPath): TJsonObject {
  const element = elementAt(model, path);
  const from = path.at(-1);
  const at = to.at(-1);
  if (!element || from === undefined || at === undefined) return model;
  const fromParent = path.slice(0, -1);
  const toParent = to.slice(0, -1);
  if (fromParent.join() === toParent.join()) {
    return updateChildren(model, fromParent, (children) => {
      const [moved] = children.splice(from, 1);
      children.splice(at > from ? at - 1 : at, 0, moved);
      return children;
    });
  }
  if (fromParent.length !== 1 || toParent.length !== 1) return model;
  const without = deleteElement(model, path);
  return updateChildren(without, toParent, (children) => {
    children.splice(at, 0, element);
    return children;
  });
}

/** Adds an empty page at the end (a model without pages gets its questions in a first page). */
export function addPage(model: TJsonObject): { model: TJsonObject; page: number } {
  const paged = withPages(model);
  const pages = Array.isArray(paged.pages) ? [...paged.pages] : [];
  pages.push({ name: freshName(namesIn(paged), 'page'), elements: [] });
  return { model: { ...paged, pages }, page: pages.length - 1 };
}

/** Deletes a page; its questions join the page before it (or after it, for the first), so nothing is lost. */
export function deletePage(model: TJsonObject, page: number): TJsonObject {
  if (!Array.isArray(model.pages) || model.pages.length < 2) return model;
  const pages = [...model.pages];
  const [removed] = pages.splice(page, 1);
  const orphans = isJsonObject(removed) ? childrenOf(removed) : [];
  if (orphans.length > 0) {
    const heir = page > 0 ? page - 1 : 0;
    const target = pages[heir];
    if (isJsonObject(target)) {
      const list = childrenOf(target);
      pages[heir] = {
        ...target,
        [childrenKeyOf(target) ?? 'elements']: page > 0 ? [...list, ...orphans] : [...orphans, ...list],
      };
    }
  }
  return { ...model, pages };
}
