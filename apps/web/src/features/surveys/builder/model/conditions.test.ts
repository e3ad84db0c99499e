import { describe, expect, it } from 'vitest';
import { conditionToExpression, parseCondition } from './conditions';

describe('conditions ⇄ SurveyJS expressions', () => {
  it.each([
    "{q3} = 'Yes'",
    '{rating} < 7',
    '{nps_score} >= 7 and {nps_score} <= 8',
    "{channels} contains 'phone'",
    "{channels} anyof ['phone', 'email']",
    '{comment} empty',
    "{a} notempty or {b} != 'x'",
    '{consent} = true',
    `{quote} = "it's"`,
  ])('reads %s and writes it back the same', (expression) => {
    const condition = parseCondition(expression);
    expect(condition).not.toBeNull();
    expect(conditionToExpression(condition ?? { join: 'and', clauses: [] })).toBe(expression);
  });

  it('reads the parts of a condition', () => {
    expect(parseCondition("{q1} = 'Yes' or {q2} anyof [1, 'b']")).toEqual({
      join: 'or',
      clauses: [
        { question: 'q1', operator: '=', value: 'Yes' },
        { question: 'q2', operator: 'anyof', value: [1, 'b'] },
      ],
    });
    // SurveyJS's other spellings of the same operators.
    expect(parseCondition('{a} == 1 and {b} <> 2 AND {c} notempty')).toEqual({
      join: 'and',
      clauses: [
        { question: 'a', operator: '=', value: 1 },
        { question: 'b', operator: '!=', value: 2 },
        { question: 'c', operator: 'notempty' },
      ],
    });
  });

  it.each([
    'age({birthdate}) >= 18',
    '{a} = 1 and {b} = 2 or {c} = 3',
    '({a} = 1)',
    '{a} = {b}',
    "{a} allof ['x']",
    "{a} = 'unterminated",
    '{a} anyof [1, 2',
    '',
    '{a}',
  ])('leaves %s to be kept as text', (expression) => {
    expect(parseCondition(expression)).toBeNull();
  });

  it('quotes values so SurveyJS reads them back as written', () => {
    expect(conditionToExpression({ join: 'and', clauses: [{ question: 'q', operator: '=', value: 'a\'b"c' }] })).toBe(
      "{q} = 'a\\'b\"c'",
    );
    expect(parseCondition("{q} = 'a\\'b\"c'")?.clauses[0]?.value).toBe('a\'b"c');
  });
});
