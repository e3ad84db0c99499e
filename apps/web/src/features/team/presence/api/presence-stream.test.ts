import { describe, expect, it } from 'vitest';
import { parseEvent } from './presence-stream';

const stepId = '00000000-0000-4000-8000-000000000011';

describe('the presence stream’s events', () => {
  it('reads a step answer saved elsewhere as its step and version, and nothing from a malformed one', () => {
    expect(parseEvent(`event: saved\ndata: {"stepId":"${stepId}","version":3}`)).toEqual({
      kind: 'saved',
      stepId,
      version: 3,
    });
    expect(parseEvent('event: saved\ndata: {"stepId":1}')).toBeNull();
  });
});
