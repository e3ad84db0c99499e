import type { TJsonObject } from '@impact/domain';
import { createContext, useContext } from 'react';
import type { TSurveyLanguage } from '../model/localised';
import { setProperty, type TElementPath } from '../model/tree';

/** What every card and field of the builder reads and writes, shared so props stay short. */
export type TBuilderContext = {
  model: TJsonObject;
  /** The language texts are being written in. */
  lang: TSurveyLanguage;
  quiz: boolean;
  /**
   * Records a new model (one step of undo). Edits with the same `typingIn` key in a row (the
   * keystrokes of one field) make one step together.
   */
  apply: (next: TJsonObject, typingIn?: string) => void;
  /** Says something in the polite live region (moves, additions, deletions). */
  announce: (message: string) => void;
  /** After the next render, moves focus to the first element these CSS selectors find that can take it. */
  focusLater: (...selectors: string[]) => void;
  /** Which cards are open for editing, by element key. */
  isOpen: (key: string) => boolean;
  setOpen: (key: string, open: boolean) => void;
  /** The heading level of a page's title; a question's is one below. */
  headingLevel: 2 | 3 | 4;
  /** The path of the card being dragged, if any. */
  dragging: { current: TElementPath | null };
};

export const BuilderContext = createContext<TBuilderContext | null>(null);

export function useBuilder(): TBuilderContext {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilder outside the survey builder');
  return value;
}

/** A setter for one property of one element, as most fields need; typing into it is one step of undo. */
export function useSetProperty(path: TElementPath) {
  const { model, apply } = useBuilder();
  return (key: string, value: unknown) => apply(setProperty(model, path, key, value), `${path.join('.')}/${key}`);
}

/** A selector for an id, whatever characters a question's name holds. */
export const byId = (id: string) => `[id="${id.replace(/["\\]/g, '\\$&')}"]`;

/** A stable id for an element's controls: its name, or its place when it has none. */
export const elementKey = (element: TJsonObject, path: TElementPath) =>
  typeof element.name === 'string' && element.name ? element.name : `at-${path.join('-')}`;
