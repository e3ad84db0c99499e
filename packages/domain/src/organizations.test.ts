import { describe, expect, it } from 'vitest';
import { issueToFieldError } from './field-errors';
import {
  isCalendarDate,
  isOrganizationFormComplete,
  latestFoundationDate,
  ORGANIZATION_REQUIRED_FIELDS,
  ZOrganizationInput,
} from './organizations';

const valid = {
  name: 'Cooperativa Sociale Il Faro',
  reg_number: '01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Bologna',
  country: 'IT',
  contact_name: 'Giulia',
  contact_surname: 'Rossi',
  contact_role: 'Presidente',
  contact_email: 'giulia@ilfaro.it',
  personalData: true,
};

const errorsOf = (value: unknown) => ZOrganizationInput.safeParse(value).error?.issues.map(issueToFieldError) ?? [];

describe('organization contract (SPEC 5 "Organization form")', () => {
  it('accepts a complete form and fills the optional flags with false', () => {
    const parsed = ZOrganizationInput.parse(valid);
    expect(parsed).toMatchObject({ ...valid, date_of_foundation: null, chnageInLife: false, preFunding: false });
  });

  it.each(ORGANIZATION_REQUIRED_FIELDS)('refuses a missing or blank %s as required', (field) => {
    const { [field]: _omitted, ...without } = valid;
    expect(errorsOf(without)).toEqual([{ path: field, messageKey: 'errors.field.required' }]);
    expect(errorsOf({ ...valid, [field]: '   ' })).toEqual([{ path: field, messageKey: 'errors.field.required' }]);
  });

  it('requires the personal data consent to be given', () => {
    expect(errorsOf({ ...valid, personalData: false })).toEqual([
      { path: 'personalData', messageKey: 'errors.organizations.consentRequired' },
    ]);
  });

  it('checks e-mail, lengths, country code and dates', () => {
    expect(errorsOf({ ...valid, contact_email: 'not-an-address' })[0]?.messageKey).toBe(
      'errors.organizations.invalidEmail',
    );
    expect(errorsOf({ ...valid, name: 'x'.repeat(201) })[0]).toMatchObject({
      path: 'name',
      messageKey: 'errors.field.tooBig',
    });
    expect(errorsOf({ ...valid, country: 'Italia' })[0]?.messageKey).toBe('errors.organizations.invalidCountry');
    expect(ZOrganizationInput.parse({ ...valid, country: 'fr' }).country).toBe('FR');
    expect(errorsOf({ ...valid, date_of_foundation: '2023-02-30' })[0]?.messageKey).toBe(
      'errors.organizations.invalidDate',
    );
    expect(errorsOf({ ...valid, date_of_foundation: '3000-01-01' })[0]?.messageKey).toBe(
      'errors.organizations.foundationDateOutOfRange',
    );
    expect(
      ZOrganizationInput.parse({ ...valid, date_of_foundation: '1998-03-15T00:00:00+01:00' }).date_of_foundation,
    ).toBe('1998-03-15');
    expect(ZOrganizationInput.parse({ ...valid, date_of_foundation: '' }).date_of_foundation).toBeNull();
  });

  it('never calls today a future date, whatever the time zone', () => {
    expect(latestFoundationDate(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });

  it('the submit button rule: consent ticked and every required field filled', () => {
    expect(isOrganizationFormComplete(valid)).toBe(true);
    expect(isOrganizationFormComplete({ ...valid, personalData: false })).toBe(false);
    for (const field of ORGANIZATION_REQUIRED_FIELDS) {
      expect(isOrganizationFormComplete({ ...valid, [field]: ' ' })).toBe(false);
      expect(isOrganizationFormComplete({ ...valid, [field]: null })).toBe(false);
    }
  });
});
