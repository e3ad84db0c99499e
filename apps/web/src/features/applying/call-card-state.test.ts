import { EMPTY_ID, type TUserCall } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { cardState, changesDue, submitWithoutOrganization } from './call-card-state';

const now = new Date('2027-03-10T12:00:00Z');
const base = {
  openingAt: '2027-03-01T00:00:00Z',
  closingAt: '2027-03-31T00:00:00Z',
  submissionId: EMPTY_ID,
  submissionClosed: false,
} as unknown as TUserCall;
const sub = '11111111-1111-4111-8111-111111111111';

describe('call card button (SPEC 2)', () => {
  it('submit on an open call without a submission', () => {
    expect(cardState(base, now)).toMatchObject({ status: 'open', button: 'submit', disabled: false });
  });
  it('resume an open submission', () => {
    expect(cardState({ ...base, submissionId: sub }, now)).toMatchObject({ button: 'resume', disabled: false });
  });
  it('close (view) a submitted one, with the extra buttons', () => {
    expect(cardState({ ...base, submissionId: sub, submissionClosed: true }, now)).toMatchObject({
      button: 'close',
      disabled: false,
      showClosedExtras: true,
    });
  });
  it('leads to the changes the funder asked for until their due date, even once the call has closed', () => {
    const sent = { ...base, submissionId: sub, submissionClosed: true, closingAt: '2027-03-05T00:00:00Z' };
    expect(cardState({ ...sent, changesDueAt: '2027-03-12T18:00:00Z' }, now)).toMatchObject({
      button: 'changes',
      disabled: false,
    });
    expect(changesDue({ ...sent, changesDueAt: '2027-03-12T18:00:00Z' }, now)?.toISOString()).toBe(
      '2027-03-12T18:00:00.000Z',
    );
    // Past its due date the request reopens nothing: the card shows the record again.
    expect(cardState({ ...sent, changesDueAt: '2027-03-09T18:00:00Z' }, now).button).toBe('close');
    expect(changesDue({ ...sent, changesDueAt: '2027-03-09T18:00:00Z' }, now)).toBeNull();
    expect(cardState({ ...sent, changesDueAt: null }, now).button).toBe('close');
    // A viewer of the organization cannot make them: the record, as before.
    expect(cardState({ ...sent, changesDueAt: '2027-03-12T18:00:00Z' }, now, false).button).toBe('close');
  });
  it('disabled before the call opens and after it closed without a submission', () => {
    expect(
      cardState({ ...base, openingAt: '2027-04-01T00:00:00Z', closingAt: '2027-05-01T00:00:00Z' }, now),
    ).toMatchObject({ disabled: true });
    expect(cardState({ ...base, closingAt: '2027-03-05T00:00:00Z' }, now)).toMatchObject({
      button: 'closed',
      disabled: true,
    });
  });
  it('treats server dates without Z as UTC', () => {
    expect(cardState({ ...base, closingAt: '2027-03-10T12:30:00' }, now).status).toBe('open');
    expect(cardState({ ...base, closingAt: '2027-03-10T11:30:00' }, now).status).toBe('closed');
  });
});

describe('submit without an organization (SPEC 2, organizationSelection)', () => {
  it('opens the dialog unless the configuration shows organization selection', () => {
    expect(submitWithoutOrganization({ organizationSelection: false })).toBe('dialog');
    expect(submitWithoutOrganization({ organizationSelection: true })).toBe('registerPage');
  });

  it('invited to stage 2: continues until its own deadline, then only shows; submitted, only shows', () => {
    const invited = {
      ...base,
      closingAt: '2027-03-05T00:00:00Z',
      submissionId: sub,
      submissionClosed: true,
      submissionStage: 2,
      stageClosingAt: '2027-03-20T00:00:00Z',
      stageClosed: false,
    } as TUserCall;
    expect(cardState(invited, now)).toMatchObject({ button: 'stage2', disabled: false, showClosedExtras: true });
    expect(cardState(invited, new Date('2027-03-21T00:00:00Z'))).toMatchObject({ button: 'close', disabled: false });
    expect(cardState({ ...invited, stageClosed: true }, now)).toMatchObject({ button: 'close', disabled: false });
  });
});
