import { describe, expect, it } from 'vitest';
import { clampPosition, isClosingPage, isLastPosition, nextPosition, previousPosition } from './wizard';

const steps = [{ stepTypeName: 'text' }, { stepTypeName: 'miniDyi' }, { stepTypeName: 'upload' }];

describe('wizard navigation (SPEC 4)', () => {
  it('Next walks the six impact sub-steps, then moves on', () => {
    let p = { step: 0, subStep: 0 };
    const seen: string[] = [];
    while (!isClosingPage(p, steps)) {
      seen.push(`${p.step}.${p.subStep}`);
      p = nextPosition(p, steps);
    }
    expect(seen).toEqual(['0.0', '1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '2.0']);
    expect(p).toEqual({ step: 3, subStep: 0 }); // the closing page index equals the number of steps
  });

  it('Previous lands on the last sub-step of the preceding step', () => {
    expect(previousPosition({ step: 2, subStep: 0 }, steps)).toEqual({ step: 1, subStep: 5 });
    expect(previousPosition({ step: 1, subStep: 3 }, steps)).toEqual({ step: 1, subStep: 2 });
    expect(previousPosition({ step: 0, subStep: 0 }, steps)).toEqual({ step: 0, subStep: 0 });
  });

  it('Submit shows on the last sub-step of the last step only', () => {
    expect(isLastPosition({ step: 2, subStep: 0 }, steps)).toBe(true);
    expect(isLastPosition({ step: 1, subStep: 5 }, steps)).toBe(false);
    expect(isLastPosition({ step: 0, subStep: 0 }, [{ stepTypeName: 'miniDyi' }])).toBe(false);
    expect(isLastPosition({ step: 0, subStep: 5 }, [{ stepTypeName: 'miniDyi' }])).toBe(true);
  });

  it('clamps positions from a hand-edited URL', () => {
    expect(clampPosition({ step: 99, subStep: 4 }, steps)).toEqual({ step: 3, subStep: 0 });
    expect(clampPosition({ step: 0, subStep: 7 }, steps)).toEqual({ step: 0, subStep: 0 });
    expect(clampPosition({ step: -1, subStep: Number.NaN }, steps)).toEqual({ step: 0, subStep: 0 });
    expect(clampPosition({ step: 1, subStep: 9 }, steps)).toEqual({ step: 1, subStep: 5 });
  });
});
