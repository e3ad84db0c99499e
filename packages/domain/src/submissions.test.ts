import { describe, expect, it } from 'vitest';
import type { TCall } from './calls';
import { emailAllowedByFilter, ZUserCall } from './submissions';

describe('emailAllowedByFilter', () => {
  it('lets everyone in when the filter is off', () => {
    expect(emailAllowedByFilter({ isUserFilterEnable: false, userFilterEmail: 'a@b.it' }, 'x@y.it')).toBe(true);
  });
  it('compares case-insensitively with spaces trimmed', () => {
    const filter = { isUserFilterEnable: true, userFilterEmail: ' Anna@Ente.it , bob@x.org' };
    expect(emailAllowedByFilter(filter, 'anna@ente.IT')).toBe(true);
    expect(emailAllowedByFilter(filter, 'bob@x.org ')).toBe(true);
    expect(emailAllowedByFilter(filter, 'eve@x.org')).toBe(false);
  });
  it('an enabled filter with no addresses lets nobody in', () => {
    expect(emailAllowedByFilter({ isUserFilterEnable: true, userFilterEmail: '' }, 'a@b.it')).toBe(false);
  });
});

describe('ZUserCall: the applicant contract', () => {
  it('drops the admin-only fields of a full admin call, whatever a service hands it', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const at = '2026-01-01T00:00:00.000Z';
    const adminCall: TCall = {
      id,
      name: 'Call',
      description: '',
      openingAt: at,
      closingAt: at,
      callLockEnd: null,
      callTypeId: id,
      isUserFilterEnable: true,
      userFilterEmail: 'someone.else@example.org',
      powerBIReportID: 'admin-report',
      powerBIWorkspaceID: 'admin-workspace',
      userPowerBIReportID: null,
      userPowerBIWorkspaceID: null,
      draft: false,
      steps: [
        {
          id,
          name: 'Quiz',
          description: '',
          content: '{}',
          sort: 0,
          stepTypeId: id,
          stepType: { name: 'quiz' },
          expectedAnswers: '{"q1":"b"}',
          subSteps: [],
          stage: 1,
          translations: { en: { name: 'Step in English' } },
        },
      ],
      submissionId: id,
      submissionClosed: false,
      customFile: null,
      translations: { fr: { name: 'Appel en français' } },
      createdAt: at,
      updatedAt: at,
    };
    // The applicant's own fields (the stage reached) added, as the service does.
    const seen = JSON.stringify(
      ZUserCall.parse({ ...adminCall, submissionStage: 1, stageClosingAt: null, stageClosed: false }),
    );
    // Translations too: an applicant reads their language's texts in the fields themselves.
    for (const secret of [
      'someone.else@example.org',
      'admin-report',
      'admin-workspace',
      'expectedAnswers',
      '"q1"',
      'translations',
    ]) {
      expect(seen).not.toContain(secret);
    }
  });
});
