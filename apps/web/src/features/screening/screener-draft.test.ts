import { describe, expect, it } from 'vitest';
import { placeErrors, STARTER_SCREENER, screenerOf } from './screener-draft';

describe('the screener form', () => {
  it('sends the model as an object, and nothing while its text is not one', () => {
    expect(screenerOf(STARTER_SCREENER)?.model).toMatchObject({ pages: [{ name: 'page1' }] });
    expect(screenerOf({ ...STARTER_SCREENER, modelText: '[1, 2]' })).toBeNull();
    expect(screenerOf({ ...STARTER_SCREENER, modelText: '{ not json' })).toBeNull();
  });

  it('places the server’s field errors beside the rule, the model or the contact they name', () => {
    const placed = placeErrors([
      { path: 'screener.rules.1.expression', messageKey: 'errors.screening.expressionSyntax' },
      { path: 'screener.rules.1.message.it', messageKey: 'errors.field.required' },
      { path: 'screener.model', messageKey: 'errors.screening.reservedName' },
      { path: 'screener.contact', messageKey: 'errors.screening.contactEmail' },
      { path: 'callId', messageKey: 'errors.field.invalidFormat' },
    ]);
    expect(placed.rules.get(1)?.expression?.messageKey).toBe('errors.screening.expressionSyntax');
    expect(placed.rules.get(1)?.message?.messageKey).toBe('errors.field.required');
    expect(placed.model?.messageKey).toBe('errors.screening.reservedName');
    expect(placed.contact?.messageKey).toBe('errors.screening.contactEmail');
    expect(placed.other.map((e) => e.path)).toEqual(['callId']);
  });
});
