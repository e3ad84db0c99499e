import { describe, expect, it } from 'vitest';
import {
  hasSecondStage,
  stageMessageIn,
  stagesInterleaved,
  stepsOfStage,
  stepsUpToStage,
  ZInviteToStageRequest,
  ZStepInput,
} from './index';

const steps = [
  { id: 'a', stage: 1 },
  { id: 'b', stage: 2 },
  { id: 'c', stage: 1 },
];

describe('calls in two stages', () => {
  it('shows the steps up to the stage reached, and checks those of the stage being sent', () => {
    expect(stepsUpToStage(steps, 1).map((s) => s.id)).toEqual(['a', 'c']);
    expect(stepsUpToStage(steps, 2).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(stepsOfStage(steps, 2).map((s) => s.id)).toEqual(['b']);
    expect(hasSecondStage(steps)).toBe(true);
    expect(hasSecondStage([{ stage: 1 }])).toBe(false);
  });

  it('tells when a stage-1 step comes after a stage-2 one', () => {
    expect(stagesInterleaved(steps)).toBe(true);
    expect(stagesInterleaved([{ stage: 1 }, { stage: 1 }, { stage: 2 }, { stage: 2 }])).toBe(false);
    expect(stagesInterleaved([{ stage: 1 }])).toBe(false);
    expect(stagesInterleaved([])).toBe(false);
  });

  it('takes the message as one text for all, or one per language falling back to Italian', () => {
    expect(stageMessageIn(' Benvenuti ', 'fr')).toBe('Benvenuti');
    expect(stageMessageIn({ it: 'Ciao', en: 'Hello', fr: '' }, 'en')).toBe('Hello');
    expect(stageMessageIn({ it: 'Ciao', en: 'Hello', fr: ' ' }, 'fr')).toBe('Ciao');
  });

  it('accepts stage 1 or 2 on a step (left out: kept) and only stage 2 in an invitation', () => {
    const step = {
      name: '',
      description: '',
      content: '',
      sort: 0,
      stepTypeId: '00000000-0000-4000-8000-000000000001',
    };
    expect(ZStepInput.safeParse({ ...step, stage: 2 }).success).toBe(true);
    expect(ZStepInput.safeParse(step).success).toBe(true);
    for (const stage of [0, 3, 1.5, '2']) expect(ZStepInput.safeParse({ ...step, stage }).success).toBe(false);
    const invite = {
      callId: '00000000-0000-4000-8000-000000000001',
      submissionIds: ['00000000-0000-4000-8000-000000000002'],
      stage: 2,
      closingAt: '2030-01-01T00:00:00Z',
      message: 'Benvenuti',
    };
    expect(ZInviteToStageRequest.safeParse(invite).success).toBe(true);
    expect(ZInviteToStageRequest.safeParse({ ...invite, stage: 1 }).success).toBe(false);
    expect(ZInviteToStageRequest.safeParse({ ...invite, submissionIds: [] }).success).toBe(false);
  });
});
