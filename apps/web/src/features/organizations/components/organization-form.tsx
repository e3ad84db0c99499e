import {
  configTextsIn,
  DEFAULT_LANGUAGE,
  isLanguage,
  isOrganizationFormComplete,
  issueToFieldError,
  ORGANIZATION_LIMITS,
  ORGANIZATION_MIN_FOUNDATION_DATE,
  type TFieldError,
  type TOrganization,
  type TOrganizationInput,
  ZOrganizationInput,
} from '@impact/domain';
import { Alert, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import { type FormEvent, type Ref, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useConfig } from '../../../lib/api/get-config';
import { ApiError } from '../../../lib/api-client';
import { countryOptions } from '../../../lib/countries';
import { todayHere } from '../../../lib/day-month-year';
import { consentLabel } from '../consent-label';

type TextField = keyof typeof ORGANIZATION_LIMITS;
type Values = {
  [K in TextField]: string;
} & {
  country: string | null;
  date_of_foundation: string | null;
  personalData: boolean;
  selfCertification: boolean;
  termsOfService: boolean;
  nordicCountry: boolean;
  preFunding: boolean;
  chnageInLife: boolean;
};

const EMPTY: Values = {
  name: '',
  reg_number: '',
  street_name: '',
  city_name: '',
  country: null,
  date_of_foundation: null,
  contact_name: '',
  contact_surname: '',
  contact_role: '',
  contact_email: '',
  personalData: false,
  selfCertification: false,
  termsOfService: false,
  nordicCountry: false,
  preFunding: false,
  chnageInLife: false,
};

function toValues(organization: TOrganization | undefined): Values {
  if (!organization) return EMPTY;
  const { id: _id, ...rest } = organization;
  return { ...rest };
}

type Errors = Partial<Record<keyof Values, TFieldError>>;

function errorsFrom(fieldErrors: readonly TFieldError[]): Errors {
  const out: Errors = {};
  for (const error of fieldErrors) {
    const key = error.path.split('.')[0] as keyof Values;
    if (key && !out[key]) out[key] = error;
  }
  return out;
}

export type OrganizationFormProps = {
  /** The organization being edited; absent when registering a new one. */
  organization?: TOrganization;
  submitLabel: string;
  /** Sends the validated form; a rejected ApiError puts the server's field errors on the fields. */
  onSubmit: (input: TOrganizationInput) => Promise<unknown>;
  onCancel?: () => void;
  /** The form element, for a page that submits it again itself (the edit page's "save mine"). */
  formRef?: Ref<HTMLFormElement>;
};

/**
 * SPEC 5 "Organization form", shared by /register-org, /org/edit/{id} and the register dialog of
 * the call list. Same contract as the server (ZOrganizationInput): the button stays disabled until
 * the consent is ticked and every required field is filled.
 */
export function OrganizationForm({ organization, submitLabel, onSubmit, onCancel, formRef }: OrganizationFormProps) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const [values, setValues] = useState<Values>(() => toValues(organization));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const complete = isOrganizationFormComplete(values);
  const hintId = useId();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest as Errors);
  };

  /** Checks one field when the user leaves it, with the same rule the server applies. */
  const checkField = (key: keyof Values) => {
    const value = values[key];
    if (value === '' || value === null) return; // "required" is said by the disabled button's hint
    const issue = ZOrganizationInput.safeParse(values).error?.issues.find((i) => i.path[0] === key);
    if (issue) setErrors((e) => ({ ...e, [key]: issueToFieldError(issue) }));
  };

  const message = (key: keyof Values) => {
    const error = errors[key];
    return error ? t(error.messageKey, error.params ?? {}) : undefined;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || submitting) return;
    // Once the fields show their errors, the keyboard goes to the first (Save alone said nothing).
    const form = event.currentTarget;
    const focusFirstError = () =>
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    setFormError(null);
    const parsed = ZOrganizationInput.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsFrom(parsed.error.issues.map(issueToFieldError)));
      focusFirstError();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.problem.errors?.length) {
        setErrors(errorsFrom(error.problem.errors));
        setFormError(t('errors.validation'));
        focusFirstError();
      } else {
        setFormError(t(error instanceof ApiError ? error.problem.messageKey : 'errors.unexpected'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const text = (key: TextField, extra: { description?: string; type?: string; autoComplete?: string } = {}) => (
    <TextInput
      label={t(`organizations.fields.${key}`)}
      withAsterisk
      aria-required
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      onBlur={() => checkField(key)}
      maxLength={ORGANIZATION_LIMITS[key]}
      error={message(key)}
      {...extra}
    />
  );

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-busy={submitting}>
      <Stack gap="lg">
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}

        <Fieldset legend={t('organizations.sections.organization')}>
          <Stack>
            {text('name', { autoComplete: 'organization' })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('reg_number', { description: t('organizations.hints.reg_number') })}
              {/* Typed as it is known (keyboard and screen readers stay in the field); the calendar helps too. */}
              <DateField
                label={t('organizations.fields.date_of_foundation')}
                description={t('organizations.hints.date_of_foundation')}
                value={values.date_of_foundation ?? ''}
                onChange={(day) => set('date_of_foundation', day || null)}
                defaultLevel={values.date_of_foundation ? 'month' : 'decade'}
                minDate={ORGANIZATION_MIN_FOUNDATION_DATE}
                // The reader's own today: the server's bound is the latest time zone's, a day ahead here.
                maxDate={todayHere()}
                leftSection={<IconCalendar size={16} aria-hidden />}
                error={message('date_of_foundation')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('organizations.sections.address')}>
          <Stack>
            {text('street_name', { autoComplete: 'street-address' })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('city_name', { autoComplete: 'address-level2' })}
              <Select
                label={t('organizations.fields.country')}
                withAsterisk
                aria-required
                placeholder={t('organizations.hints.countrySearch')}
                data={countries}
                value={values.country}
                onChange={(value) => set('country', value)}
                searchable
                nothingFoundMessage={t('organizations.noCountryFound')}
                error={message('country')}
                autoComplete="off"
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('organizations.sections.contact')}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('organizations.hints.contact')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('contact_name', { autoComplete: 'given-name' })}
              {text('contact_surname', { autoComplete: 'family-name' })}
              {text('contact_role', { autoComplete: 'organization-title' })}
              {text('contact_email', { type: 'email', autoComplete: 'email' })}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('organizations.sections.consents')}>
          <Stack>
            <Checkbox
              label={consentLabel(
                t,
                configTextsIn(config, isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE).dataConsentText,
              )}
              checked={values.personalData}
              onChange={(e) => set('personalData', e.currentTarget.checked)}
              error={message('personalData')}
              aria-required
            />
            <Checkbox
              label={t('organizations.fields.selfCertification')}
              checked={values.selfCertification}
              onChange={(e) => set('selfCertification', e.currentTarget.checked)}
            />
            <Checkbox
              label={t('organizations.fields.termsOfService')}
              checked={values.termsOfService}
              onChange={(e) => set('termsOfService', e.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>

        <Stack gap={6}>
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('organizations.cancel')}
              </Button>
            )}
            <Button
              type="submit"
              disabled={!complete}
              loading={submitting}
              aria-describedby={complete ? undefined : hintId}
            >
              {submitLabel}
            </Button>
          </Group>
          {!complete && (
            <Text id={hintId} size="sm" c="dimmed" ta="right">
              {t('organizations.hints.incomplete')}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
