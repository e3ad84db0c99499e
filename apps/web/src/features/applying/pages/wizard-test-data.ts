import type { TSubmission, TUserCall } from '@impact/domain';

/**
 * A two-step call and its submission, as the wizard's tests give them to the page (its queries'
 * cache filled in advance): test data only, imported by tests.
 */
export const wizardIds = {
  submission: '00000000-0000-4000-8000-000000000001',
  call: '00000000-0000-4000-8000-000000000002',
  callType: '00000000-0000-4000-8000-000000000003',
  org: '00000000-0000-4000-8000-000000000004',
};

/** Step `n` (1 or 2) of the call, of the given step type. */
export const wizardStep = (n: number, type: string) => ({
  id: `00000000-0000-4000-8000-00000000001${n}`,
  name: `Step ${n}`,
  description: '',
  content: '{}',
  sort: n,
  stepTypeId: '00000000-0000-4000-8000-000000000009',
  stepType: { name: type },
  subSteps: [],
  stage: 1,
});

export const wizardCall = (type: string) =>
  ({
    id: wizardIds.call,
    name: 'Bando Verde',
    steps: [wizardStep(1, type), wizardStep(2, type)],
  }) as unknown as TUserCall;

export const wizardSubmission = (closed: boolean): TSubmission => ({
  id: wizardIds.submission,
  submissionId: wizardIds.submission,
  closed,
  closedAt: closed ? '2026-01-01T00:00:00Z' : null,
  callId: wizardIds.call,
  callCallTypeId: wizardIds.callType,
  organizationId: wizardIds.org,
  stepResults: [],
  stage: 1,
  stageClosingAt: null,
  stageClosedAt: null,
});
