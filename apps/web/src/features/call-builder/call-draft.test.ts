import type { TCall } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { callToUpdateRequest, type DraftStep, withSavedIds } from './call-draft';
import { aCall } from './pages/editor-test-data';

const step = (key: string, sort: number, id?: string): DraftStep => ({
  key,
  ...(id ? { id } : {}),
  name: key,
  description: '',
  content: '',
  sort,
  stepTypeId: '00000000-0000-4000-8000-0000000000ff',
});
const savedWith = (steps: Array<{ id: string; sort: number }>) => ({ steps }) as unknown as TCall;

/** After a save the page stays: the steps it sent new must take the ids the save gave them. */
describe('the draft after a save (withSavedIds)', () => {
  it('gives each step sent new the id saved at its place, keeping its key; the others stay as they are', () => {
    const sent = [step('a', 0, 'id-a'), step('new-1', 1)];
    const saved = savedWith([
      { id: 'id-a', sort: 0 },
      { id: 'id-new', sort: 1 },
    ]);
    // Meanwhile another step was added, not yet saved: it stays new.
    const draft = [...sent, step('new-2', 2)];
    expect(withSavedIds(draft, sent, saved)).toEqual([
      step('a', 0, 'id-a'),
      step('new-1', 1, 'id-new'),
      step('new-2', 2),
    ]);
  });
});

describe('the simple edit form’s request (callToUpdateRequest)', () => {
  it('keeps a draft a draft, and a published call published: a name changed publishes nothing', () => {
    expect(callToUpdateRequest(aCall({ draft: true }), { name: 'Bando 2027' })).toMatchObject({
      name: 'Bando 2027',
      draft: true,
    });
    expect(callToUpdateRequest(aCall({ draft: false }), { name: 'Bando 2027' }).draft).toBe(false);
  });
});
