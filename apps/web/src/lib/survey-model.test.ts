import { describe, expect, it } from 'vitest';
import { modelError } from './survey-model';

describe('survey model text', () => {
  it('reports syntax errors while typing', () => {
    expect(modelError('{"pages": []}')).toBeNull();
    expect(modelError('{"pages": [')?.key).toBe('surveys.creator.syntaxError');
    expect(modelError('[1]')?.key).toBe('surveys.creator.notAnObject');
  });
});
