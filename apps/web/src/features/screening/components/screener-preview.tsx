import type { TJsonObject } from '@impact/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../lib/countries';
import { problemText } from '../../../lib/problem-text';
import { usePreviewScreener } from '../api/preview-screener';
import type { ScreenerDraft } from '../screener-draft';

const SurveyForm = lazy(() => import('../../step-kit/survey-form'));

const FLAGS = [
  'personalData',
  'selfCertification',
  'termsOfService',
  'nordicCountry',
  'preFunding',
  'chnageInLife',
] as const;
type Flag = (typeof FLAGS)[number];

/**
 * The screener as applicants answer it, with an organization's data typed by hand: "Try" asks
 * the server, which judges it as it judges applicants (the rules as they are in the form, saved or
 * not), and tells eligible or ineligible with the reasons. Nothing is kept.
 */
export function ScreenerPreview({ draft, model }: { draft: ScreenerDraft; model: TJsonObject }) {
  const { t, i18n } = useTranslation();
  const preview = usePreviewScreener();
  const answers = useRef<Record<string, unknown>>({});
  const [country, setCountry] = useState<string | null>('IT');
  const [years, setYears] = useState<number | ''>('');
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    personalData: true,
    selfCertification: false,
    termsOfService: false,
    nordicCountry: false,
    preFunding: false,
    chnageInLife: false,
  });
  const modelKey = JSON.stringify(model);
  const tryIt = () =>
    preview.mutate({
      screener: { model, rules: draft.rules, contact: draft.contact },
      answers: answers.current,
      org: { country: country ?? '', yearsSinceFoundation: years === '' ? null : years, ...flags },
    });
  const result = preview.data;

  return (
    <Paper withBorder p="lg" radius="md" data-testid="screener-preview">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t('screening.preview.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('screening.preview.hint')}
          </Text>
        </div>
        <Suspense fallback={<Loader aria-label={t('screening.applicant.loading')} />}>
          <SurveyForm
            key={modelKey}
            model={model}
            data={{}}
            locale={i18n.language}
            readOnly={false}
            onData={(data) => {
              answers.current = data;
            }}
          />
        </Suspense>
        <Title order={3} size="h4">
          {t('screening.preview.organization')}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('screening.org.country')}
            data={countryOptions(i18n.language)}
            value={country}
            onChange={setCountry}
            searchable
            w={240}
          />
          <NumberInput
            label={t('screening.org.yearsSinceFoundation')}
            description={t('screening.preview.yearsEmpty')}
            value={years}
            onChange={(v) => setYears(typeof v === 'number' ? v : '')}
            min={0}
            w={240}
          />
        </Group>
        <Group gap="lg" wrap="wrap">
          {FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`screening.org.${flag}`)}
              checked={flags[flag]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setFlags((f) => ({ ...f, [flag]: checked }));
              }}
            />
          ))}
        </Group>
        <Group>
          <Button variant="light" onClick={tryIt} loading={preview.isPending} data-testid="screener-try">
            {t('screening.preview.try')}
          </Button>
        </Group>
        <div aria-live="polite">
          {preview.isError && <Alert color="red">{problemText(t, preview.error)}</Alert>}
          {result && !preview.isPending && (
            <Alert
              color={result.eligible ? 'teal' : 'red'}
              title={t(result.eligible ? 'screening.preview.eligible' : 'screening.preview.ineligible')}
              data-testid="screener-preview-result"
            >
              {result.reasons.length > 0 && (
                <List size="sm">
                  {result.reasons.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
