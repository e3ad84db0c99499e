import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

describe('Batcher', () => {
  it('answers the lookups of one turn with one load, each with its own answer', async () => {
    const loads: string[][] = [];
    const batcher = new Batcher<string, number>(async (keys) => {
      loads.push(keys);
      return new Map(keys.filter((k) => k !== 'x').map((k) => [k, k.length]));
    }, -1);
    const answers = await Promise.all([batcher.get('a'), batcher.get('bb'), batcher.get('a'), batcher.get('x')]);
    expect(answers).toEqual([1, 2, 1, -1]);
    expect(loads).toEqual([['a', 'bb', 'x']]);
    expect(await batcher.get('ccc')).toBe(3);
    expect(loads).toHaveLength(2);
  });

  it('splits a large turn and fails only the lookups of a load that failed', async () => {
    const batcher = new Batcher<number, number>(
      async (keys) => {
        if (keys.includes(3)) throw new Error('down');
        return new Map(keys.map((k) => [k, k]));
      },
      0,
      2,
    );
    const answers = await Promise.allSettled([1, 2, 3, 4].map((k) => batcher.get(k)));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
  });
});
