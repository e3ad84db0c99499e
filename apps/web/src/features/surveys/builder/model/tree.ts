import { isJsonObject, type TJsonObject } from '@impact/domain';

/**
 * Where an element sits: the page's index, then its index in the page, then (inside a panel or
 * a dynamic panel) its index among that container's children, and so on.
 */
export type TElementPath = readonly number[];

/** The key holding a container's children: pages and panels `elements` (or the older `questions`), dynamic panels `templateElements`. */
export function childrenKeyOf(container: TJsonObject): 'elements' | 'questions' | 'templateElements' | null {
  if (container.type === 'paneldynamic') return 'templateElements';
  if (Array.isArray(container.elements)) return 'elements';
  if (Array.isArray(container.questions)) return 'questions';
  if (container.type === 'panel') return 'elements';
  return null;
}

export function childrenOf(container: TJsonObject): TJsonObject[] {
  const key = childrenKeyOf(container);
  const list = key ? container[key] : undefined;
  return Array.isArray(list) ? list.filter(isJsonObject) : [];
}

/** Whether an element holds other elements the builder shows inside it. */
export function isContainer(element: TJsonObject): boolean {
  return element.type === 'panel' || element.type === 'paneldynamic';
}

/**
 * The model's pages as the builder shows them. A model with its questions at the top level (no
 * `pages`) is shown as one page, which is the model itself.
 */
export function pagesOf(model: TJsonObject): TJsonObject[] {
  if (Array.isArray(model.pages)) return model.pages.filter(isJsonObject);
  return [model];
}

/** A model whose top-level questions move into a first page, so pages can be added. */
export function withPages(model: TJsonObject): TJsonObject {
  if (Array.isArray(model.pages)) return model;
  const { elements, questions, ...rest } = model;
  const list = Array.isArray(elements) ? elements : Array.isArray(questions) ? questions : [];
  return { ...rest, pages: [{ name: 'page1', elements: list }] };
}

export function elementAt(model: TJsonObject, path: TElementPath): TJsonObject | null {
  const [page, ...inner] = path;
  let node: TJsonObject | undefined = pagesOf(model)[page ?? -1];
  for (const index of inner) node = node ? childrenOf(node)[index] : undefined;
  return node ?? null;
}

/** The container's children list, rewritten; every other property of the container kept. */
function withChildren(container: TJsonObject, update: (children: unknown[]) => unknown[]): TJsonObject {
  const key = childrenKeyOf(container) ?? 'elements';
  const list = Array.isArray(container[key]) ? (container[key] as unknown[]) : [];
  return { ...container, [key]: update([...list]) };
}

/**
 * Rewrites the container at `path` (a page for `[page]`, a panel for longer paths) through
 * `update`, copying only the nodes on the way: untouched parts of the model stay the same objects.
 */
export function updateContainer(
  model: TJsonObject,
  path: TElementPath,
  update: (container: TJsonObject) => TJsonObject,
): TJsonObject {
  const [page, ...inner] = path;
  if (page === undefined) return model;
  const descend = (node: TJsonObject, rest: readonly number[]): TJsonObject => {
    const [head, ...tail] = rest;
    if (head === undefined) return update(node);
    return withChildren(node, (children) => {
      const child = children[head];
      if (isJsonObject(child)) children[head] = descend(child, tail);
      return children;
    });
  };
  if (!Array.isArray(model.pages)) return page === 0 ? descend(model, inner) : model;
  const pages = [...model.pages];
  const target = pages[page];
  if (isJsonObject(target)) pages[page] = descend(target, inner);
  return { ...model, pages };
}

/** Rewrites the children list of the container at `path`. */
export function updateChildren(
  model: TJsonObject,
  path: TElementPath,
  update: (children: unknown[]) => unknown[],
): TJsonObject {
  return updateContainer(model, path, (container) => withChildren(container, update));
}

/** Rewrites the element at `path`. */
export function updateElement(
  model: TJsonObject,
  path: TElementPath,
  update: (element: TJsonObject) => TJsonObject,
): TJsonObject {
  const index = path.at(-1);
  if (index === undefined || path.length < 2) return model;
  return updateChildren(model, path.slice(0, -1), (children) => {
    const element = children[index];
    if (isJsonObject(element)) children[index] = update(element);
    return children;
  });
}

/** Sets (or, for undefined, removes) one property of the element at `path`. */
export function setProperty(model: TJsonObject, path: TElementPath, key: string, value: unknown): TJsonObject {
  return updateElement(model, path, (element) => {
    const next = { ...element };
    if (value === undefined) delete next[key];
    else next[key] = value;
    return next;
  });
}

/** Every question of the model in reading order (panels' inner questions included), with its path. */
export function questionsInOrder(model: TJsonObject): Array<{ path: TElementPath; element: TJsonObject }> {
  const out: Array<{ path: TElementPath; element: TJsonObject }> = [];
  const walk = (container: TJsonObject, path: TElementPath) => {
    childrenOf(container).forEach((element, i) => {
      const here = [...path, i];
      out.push({ path: here, element });
      // A dynamic panel's inner questions answer inside its value: conditions cannot name them alone.
      if (element.type === 'panel') walk(element, here);
    });
  };
  pagesOf(model).forEach((page, p) => {
    walk(page, [p]);
  });
  return out;
}
