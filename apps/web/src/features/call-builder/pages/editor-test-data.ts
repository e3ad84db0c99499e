import type { TCall } from '@impact/domain';

/** For the call editors' tests: a call as the server answers it, with what a test changes. */
export function aCall(changes: Partial<TCall> = {}): TCall {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: '',
    description: '',
    openingAt: '2027-02-01T00:00:00.000Z',
    closingAt: '2027-04-01T00:00:00.000Z',
    callLockEnd: null,
    callTypeId: '00000000-0000-4000-8000-000000000002',
    isUserFilterEnable: false,
    userFilterEmail: '',
    powerBIReportID: null,
    powerBIWorkspaceID: null,
    userPowerBIReportID: null,
    userPowerBIWorkspaceID: null,
    steps: [],
    submissionId: '00000000-0000-4000-8000-000000000003',
    submissionClosed: false,
    customFile: null,
    draft: true,
    translations: {},
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...changes,
  };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's refusal of a save over a call saved since (decision 0045). */
export const changedSince = () =>
  jsonResponse(409, {
    type: '/problems/conflict',
    title: 'Conflict',
    status: 409,
    messageKey: 'errors.calls.changedSince',
  });
