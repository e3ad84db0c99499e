import type { TJsonObject } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { pushHistory, redo, startHistory, undo } from './history';
import {
  addElement,
  addPage,
  deleteElement,
  deletePage,
  duplicateElement,
  moveElement,
  moveElementTo,
  moveToPage,
} from './operations';
import { elementAt, questionsInOrder } from './tree';

const names = (model: TJsonObject) =>
  questionsInOrder(model).map(({ path, element }) => `${path.join('.')}:${element.name}`);

const twoPages = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'a' },
        { type: 'text', name: 'b' },
      ],
    },
    { name: 'p2', elements: [{ type: 'text', name: 'c', custom: { kept: true } }] },
  ],
};

describe('questions as cards', () => {
  it('adds a question under a fresh name at the end of a page or a dynamic panel', () => {
    const added = addElement(twoPages, [0], { type: 'rating', rateMax: 5 });
    expect(added.path).toEqual([0, 2]);
    expect(elementAt(added.model, added.path)).toEqual({ type: 'rating', rateMax: 5, name: 'question1' });
    const panel = addElement(added.model, [1], { type: 'paneldynamic', templateElements: [] });
    const inner = addElement(panel.model, panel.path, { type: 'text' });
    expect(inner.path).toEqual([1, 1, 0]);
    expect(elementAt(inner.model, [1, 1])?.templateElements).toEqual([{ type: 'text', name: 'question3' }]);
  });

  it('copies a question right after it under a new name, inner questions too', () => {
    const panel = {
      pages: [{ elements: [{ type: 'paneldynamic', name: 'p', templateElements: [{ type: 'text', name: 'x' }] }] }],
    };
    const { model, path } = duplicateElement(panel, [0, 0]);
    expect(path).toEqual([0, 1]);
    expect(elementAt(model, path)).toEqual({
      type: 'paneldynamic',
      name: 'question1',
      templateElements: [{ type: 'text', name: 'question2' }],
    });
    expect(deleteElement(model, path)).toEqual(panel);
  });

  it('moves a question up and down, across page edges, and inside a panel only within it', () => {
    expect(names(moveElement(twoPages, [0, 1], 1)?.model ?? {})).toEqual(['0.0:a', '1.0:b', '1.1:c']);
    const up = moveElement(twoPages, [1, 0], -1);
    expect(up?.path).toEqual([0, 2]);
    expect(names(up?.model ?? {})).toEqual(['0.0:a', '0.1:b', '0.2:c']);
    expect(elementAt(up?.model ?? {}, [0, 2])).toEqual({ type: 'text', name: 'c', custom: { kept: true } });
    expect(moveElement(twoPages, [0, 0], -1)).toBeNull();
    expect(moveElement(twoPages, [1, 0], 1)).toBeNull();
    const nested = { pages: [{ elements: [{ type: 'panel', name: 'g', elements: [{ type: 'text', name: 'x' }] }] }] };
    expect(moveElement(nested, [0, 0, 0], -1)).toBeNull();
  });

  it('moves to another page, and by drag to any place among its siblings', () => {
    expect(names(moveToPage(twoPages, [0, 0], 1, 'end')?.model ?? {})).toEqual(['0.0:b', '1.0:c', '1.1:a']);
    expect(names(moveElementTo(twoPages, [0, 0], [0, 2]))).toEqual(['0.0:b', '0.1:a', '1.0:c']);
    expect(names(moveElementTo(twoPages, [1, 0], [0, 0]))).toEqual(['0.0:c', '0.1:a', '0.2:b']);
  });

  it('groups questions into pages; a deleted page gives its questions to the page before', () => {
    const single = { title: 'S', elements: [{ type: 'text', name: 'a' }] };
    const { model, page } = addPage(single);
    expect(page).toBe(1);
    expect(model).toEqual({
      title: 'S',
      pages: [
        { name: 'page1', elements: [{ type: 'text', name: 'a' }] },
        { name: 'page2', elements: [] },
      ],
    });
    expect(names(deletePage(twoPages, 1))).toEqual(['0.0:a', '0.1:b', '0.2:c']);
    expect(names(deletePage(twoPages, 0))).toEqual(['0.0:a', '0.1:b', '0.2:c']);
    expect(deletePage({ pages: [{ elements: [] }] }, 0)).toEqual({ pages: [{ elements: [] }] });
  });
});

describe('undo and redo', () => {
  it('walks back and forth; a new edit drops what was undone', () => {
    let h = startHistory<TJsonObject>({ n: 0 });
    h = pushHistory(h, { n: 1 });
    h = pushHistory(h, { n: 2 });
    expect(undo(undo(h)).present).toEqual({ n: 0 });
    expect(redo(undo(undo(h))).present).toEqual({ n: 1 });
    expect(undo(startHistory(1))).toEqual(startHistory(1));
    const branched = pushHistory(undo(h), { n: 3 });
    expect(branched.future).toEqual([]);
    expect(redo(branched)).toBe(branched);
    // Typing in one field is one step.
    const typed = pushHistory(pushHistory(pushHistory(h, { n: 3 }), { n: 4 }, true), { n: 5 }, true);
    expect(undo(typed).present).toEqual({ n: 2 });
  });
});
