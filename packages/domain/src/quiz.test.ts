import { describe, expect, it } from 'vitest';
import { scoreQuiz } from './quiz';

describe('scoreQuiz', () => {
  it('compares the first answer of each question and scores the fraction correct', () => {
    const outcome = scoreQuiz({ q1: ['a', 'b'], q2: 'c', q3: 'x' }, { q1: ['a'], q2: 'd', q3: 'x', q4: 'y' });
    expect(outcome.recap).toEqual({ q1: true, q2: false, q3: true, q4: false });
    expect(outcome.correctAnswersCount).toBe(2);
    expect(outcome.score).toBe(0.5);
  });
  it('an empty quiz scores 0, not NaN', () => {
    expect(scoreQuiz({}, {}).score).toBe(0);
  });
});
