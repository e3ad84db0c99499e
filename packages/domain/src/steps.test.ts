import { describe, expect, it } from 'vitest';
import { EMPTY_ID } from './ids';
import { parseStepContent, pickableStepTypes, STEP_TYPE_NAMES } from './step-types';
import { hasUniqueSorts, moveStep, newStepDraft, removeStep } from './steps';

const steps = [
  { id: 'c', sort: 2 },
  { id: 'a', sort: 0 },
  { id: 'b', sort: 1 },
];

describe('step ordering', () => {
  it('down swaps the sort values of a step and the next one', () => {
    const moved = moveStep(steps, 0, 'down');
    expect(moved.map((s) => [s.id, s.sort])).toEqual([
      ['b', 0],
      ['a', 1],
      ['c', 2],
    ]);
    expect(hasUniqueSorts(moved)).toBe(true);
  });
  it('up swaps with the previous one; the ends do nothing', () => {
    expect(moveStep(steps, 2, 'up').map((s) => s.id)).toEqual(['a', 'c', 'b']);
    expect(moveStep(steps, 0, 'up').map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(moveStep(steps, 2, 'down').map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });
  it('keeps sort values unique across many moves', () => {
    let list = steps;
    for (const [i, d] of [
      [0, 'down'],
      [1, 'down'],
      [2, 'up'],
      [1, 'up'],
    ] as const)
      list = moveStep(list, i, d);
    expect(hasUniqueSorts(list)).toBe(true);
    expect(list.map((s) => s.sort).sort()).toEqual([0, 1, 2]);
  });
  it('remove drops the step and renumbers the rest', () => {
    expect(removeStep(steps, 1).map((s) => [s.id, s.sort])).toEqual([
      ['a', 0],
      ['c', 1],
    ]);
  });
  it('a new step is appended empty, with sort = count and no type', () => {
    expect(newStepDraft(steps)).toEqual({ name: '', description: '', content: '', sort: 3, stepTypeId: EMPTY_ID });
  });
});

describe('step types', () => {
  it('quiz is hidden in the picker', () => {
    const types = STEP_TYPE_NAMES.map((name, i) => ({ id: String(i), name }));
    expect(pickableStepTypes(types).map((t) => t.name)).toEqual([
      'text',
      'upload',
      'miniDyi',
      'results',
      'survey',
      'budget',
      'impactActuals',
    ]);
  });
});

describe('step content', () => {
  const file = { file_name: 'Budget', file_description: '', file_type: 'excel', dimensions: 1024, mandatory: true };
  it('upload: a list of expected files', () => {
    expect(parseStepContent('upload', JSON.stringify([file])).ok).toBe(true);
    expect(parseStepContent('upload', JSON.stringify([{ ...file, file_type: 'exe' }])).ok).toBe(false);
    expect(parseStepContent('upload', JSON.stringify([{ ...file, dimensions: 0 }])).ok).toBe(false);
    expect(parseStepContent('upload', JSON.stringify([{ ...file, dimensions: 1.5 }])).ok).toBe(false);
    expect(parseStepContent('upload', 'not json').ok).toBe(false);
  });
  it('text: a question and an optional positive length limit', () => {
    expect(parseStepContent('text', JSON.stringify({ question: '<p>Why?</p>' })).ok).toBe(true);
    expect(parseStepContent('text', JSON.stringify({ question: 'q', maxLength: 500 })).ok).toBe(true);
    expect(parseStepContent('text', JSON.stringify({ question: 'q', maxLength: -1 })).ok).toBe(false);
    expect(parseStepContent('text', JSON.stringify({})).ok).toBe(false);
  });
  it('a survey keeps its model as it is', () => {
    expect(parseStepContent('survey', '{"pages":[]}').ok).toBe(true);
  });

  it('an impact step names the framework its outcomes come from', () => {
    expect(parseStepContent('miniDyi', '').ok).toBe(false);
    expect(parseStepContent('miniDyi', '{"frameworkId":"00000000-0000-4000-8000-000000000001"}').ok).toBe(true);
    // With its framework, parameters out of bounds are not a missing framework.
    const outOfBounds = parseStepContent(
      'miniDyi',
      JSON.stringify({ frameworkId: '00000000-0000-4000-8000-000000000001', sroiParams: { central: {} } }),
    );
    expect(outOfBounds).toEqual({ ok: false, issues: [{ path: 'sroiParams' }] });
  });
});
