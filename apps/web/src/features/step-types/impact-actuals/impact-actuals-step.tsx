import {
  actualsEstimates,
  MINI_DYI_MAXIMUM,
  parseImpactActualsAnswer,
  sroiRatios,
  type TActualsForecast,
  type TActualsValue,
  type TSroiRatios,
} from '@impact/domain';
import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, FIGURE_DECIMALS, UnreadableFigures } from '../../../components/amount-input';
import { FrameworkText, WithFrameworkNames } from '../../../components/framework-text';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { money } from '../../../lib/number-formats';
import { ConflictBanner } from '../../step-kit/conflict-banner';
import { SaveIndicator } from '../../step-kit/save-indicator';
import type { StepProps } from '../../step-kit/step-props';
import { useAutosave } from '../../step-kit/use-autosave';
import { useStepUnreadableFigures } from '../unreadable-figures';
import { UploadSlot } from '../upload/upload-step';
import { ActualsTable, RatiosPanel, useFigures } from './actuals-table';
import { useActualsForecast } from './get-forecast';

type Props = Omit<StepProps, 'subStep'>;

/** The evidence of an indicator: one PDF, as the server's slot says (modules/step-types/impact-actuals.ts). */
const EVIDENCE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A report's impact actuals (docs/IMPACT.md "Actual SROI"): each indicator the application chose,
 * its target read only, the value achieved in the period, a note and an evidence file; the
 * forecast and the actual SROI side by side. Nothing of the forecast can be changed here.
 */
export function ImpactActualsStep(props: Props) {
  const { t } = useTranslation();
  const forecast = useActualsForecast(props.submissionId, props.step.id);
  // An evidence upload rewrites the answer (a new version): the editor starts again from it.
  const [epoch, setEpoch] = useState(0);
  const { onContent } = props;
  const status = forecast.data?.status;
  // Without a forecast there is nothing to answer: outside a report the wizard's check says so; in
  // a report whose application chose no indicators nothing is missing (the server judges alike).
  useEffect(() => {
    if (status === 'noImpactAnswer') onContent(JSON.stringify({ values: [], nothingToMeasure: true }));
    else if (status && status !== 'ok') onContent(JSON.stringify({ values: [] }));
  }, [status, onContent]);
  if (forecast.isPending) return <Loader aria-label={t('impactActuals.loading')} />;
  if (forecast.isError) return <Alert color="red">{t('errors.unexpected')}</Alert>;
  const data = forecast.data;
  if (data.status !== 'ok' || !data.forecast)
    return (
      <Alert
        color={data.status === 'notAReport' ? 'yellow' : 'blue'}
        title={t('impactActuals.unavailableTitle')}
        data-testid="actuals-unavailable"
      >
        {t(`impactActuals.unavailable.${data.status === 'ok' ? 'noImpactAnswer' : data.status}`)}
      </Alert>
    );
  return (
    <ActualsEditor
      key={epoch}
      {...props}
      forecast={data.forecast}
      forecastSroi={data.forecastSroi}
      currency={data.currency}
      onFilesChanged={() => setEpoch((e) => e + 1)}
    />
  );
}

type Typed = Record<string, { value: number | null; note: string }>;

function typedOf(content: string): Typed {
  const answer = parseImpactActualsAnswer(content);
  return Object.fromEntries((answer?.values ?? []).map((v) => [v.key, { value: v.value, note: v.note }]));
}

function valueError(value: number | null): string | null {
  if (value === null) return null;
  if (!Number.isFinite(value)) return 'errors.impact.notANumber';
  if (value < 0) return 'errors.impact.negativeNumber';
  if (value > MINI_DYI_MAXIMUM.indicatorTargetValue) return 'errors.impact.tooLarge';
  return null;
}

/** The value the step takes: one out of range counts as not given (its field keeps it, with the error). */
const taken = (value: number | null) => (valueError(value) === null ? value : null);

function ActualsEditor({
  step,
  submissionId,
  result,
  readOnly,
  onContent,
  registerFlush,
  forecast,
  forecastSroi,
  currency,
  onFilesChanged,
}: Props & {
  forecast: TActualsForecast;
  forecastSroi: TSroiRatios | null;
  currency: string;
  onFilesChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { number } = useFigures();
  const autosave = useAutosave({ submissionId, stepId: step.id, initial: result, readOnly });
  const [typed, setTyped] = useState<Typed>(() => typedOf(autosave.content));
  const lastSent = useRef(autosave.content);
  const files = parseImpactActualsAnswer(result?.content)?.files ?? [];
  // A figure that cannot be read is stored as none: the badge says so and Next and Submit wait for it.
  const unreadable = useStepUnreadableFigures(step.id);

  // A newer answer taken from the server (conflict) replaces what is on screen.
  useEffect(() => {
    if (autosave.content !== lastSent.current) {
      lastSent.current = autosave.content;
      setTyped(typedOf(autosave.content));
    }
  }, [autosave.content]);

  const values: TActualsValue[] = useMemo(
    () =>
      forecast.indicators.map((i) => ({
        key: i.key,
        value: typed[i.key]?.value ?? null,
        note: typed[i.key]?.note ?? '',
      })),
    [forecast, typed],
  );
  // The wizard's checks read the forecast from the content; the server reads it from the application.
  useEffect(() => onContent(JSON.stringify({ values, forecast })), [values, forecast, onContent]);
  useEffect(() => registerFlush(autosave.flush), [autosave.flush, registerFlush]);

  const update = useCallback(
    (key: string, change: Partial<Typed[string]>) => {
      if (readOnly) return;
      const next = { ...typed, [key]: { value: null, note: '', ...typed[key], ...change } };
      setTyped(next);
      // A value out of range is saved empty (the field keeps it with its error, and it holds Next
      // and Submit): the rest is kept. Until it is mended a teammate's save must not replace it.
      const written = forecast.indicators.map((i) => ({
        key: i.key,
        value: taken(next[i.key]?.value ?? null),
        note: next[i.key]?.note ?? '',
      }));
      autosave.holdTyping(written.some((w) => w.value !== (next[w.key]?.value ?? null)));
      const json = JSON.stringify({ values: written });
      lastSent.current = json;
      autosave.change(json);
    },
    [readOnly, typed, forecast, autosave.change, autosave.holdTyping],
  );

  const actual = sroiRatios(
    actualsEstimates(
      forecast,
      values.map((v) => ({ ...v, value: taken(v.value) })),
    ).actual,
  );
  if (readOnly)
    return (
      <Stack gap="md">
        <ActualsTable forecast={forecast} values={values} />
        <RatiosPanel forecast={forecastSroi} actual={actual} />
        {/* The evidence sent, to read and download (nothing to choose in a read-only report). */}
        {forecast.indicators.flatMap((i) => {
          const current = files.find((f) => f.slot === i.key);
          return current
            ? [
                <UploadSlot
                  key={i.key}
                  slot={evidenceSlot(i.key, t('impactActuals.evidenceOf', { indicator: i.indicatorName }))}
                  stepId={step.id}
                  submissionId={submissionId}
                  readOnly
                  current={current}
                />,
              ]
            : [];
        })}
      </Stack>
    );

  return (
    <UnreadableFigures.Provider value={unreadable.report}>
      <Stack gap="md">
        {autosave.status === 'conflict' && (
          <ConflictBanner onLoadNewer={autosave.loadNewer} onKeepMine={autosave.keepMine} newer={autosave.newer} />
        )}
        <Text>{t('impactActuals.intro')}</Text>
        {forecast.indicators.map((i) => {
          const current = typed[i.key];
          const error = valueError(current?.value ?? null);
          // A custom outcome's names are the applicant's (no SDG), the others the framework's.
          const fromFramework = i.sdg !== null;
          return (
            <Card key={i.key} withBorder radius="md" padding="md" data-testid={`actuals-${i.key}`}>
              <Stack gap="xs">
                <Title order={3} size="h5">
                  <FrameworkText fromFramework={fromFramework}>{i.indicatorName}</FrameworkText>
                </Title>
                <Text size="sm" c="dimmed">
                  <WithFrameworkNames
                    i18nKey="impactActuals.outcomeOf"
                    values={{ outcome: i.outcomeName, stakeholder: i.stakeholderName }}
                    fromFramework={[fromFramework, true]}
                  />
                </Text>
                <Text size="sm">
                  {t('impactActuals.targetIs', { target: number(i.targetValue) })}
                  {' · '}
                  <WithFrameworkNames
                    i18nKey="impactActuals.proxyIs"
                    values={{ proxy: i.proxyName, value: money(i.proxyValue, i18n.language, currency) }}
                    fromFramework={[fromFramework]}
                  />
                </Text>
                <AmountInput
                  label={
                    <WithFrameworkNames
                      i18nKey="impactActuals.achievedOf"
                      values={{ indicator: i.indicatorName }}
                      fromFramework={[fromFramework]}
                    />
                  }
                  description={t('impactActuals.achievedHelp')}
                  value={current?.value}
                  onChange={(value) => update(i.key, { value })}
                  decimals={FIGURE_DECIMALS}
                  error={error ? t(error, { maximum: number(MINI_DYI_MAXIMUM.indicatorTargetValue) }) : undefined}
                  required
                />
                <GrowingTextarea
                  label={
                    <WithFrameworkNames
                      i18nKey="impactActuals.noteOf"
                      values={{ indicator: i.indicatorName }}
                      fromFramework={[fromFramework]}
                    />
                  }
                  value={current?.note ?? ''}
                  onChange={(e) => update(i.key, { note: e.currentTarget.value.slice(0, 2000) })}
                  minRows={1}
                  maxLength={2000}
                />
                <UploadSlot
                  slot={evidenceSlot(i.key, t('impactActuals.evidenceOf', { indicator: i.indicatorName }))}
                  stepId={step.id}
                  submissionId={submissionId}
                  readOnly={readOnly}
                  current={files.find((f) => f.slot === i.key)}
                  beforeChange={autosave.flush}
                  afterChange={onFilesChanged}
                />
              </Stack>
            </Card>
          );
        })}
        <RatiosPanel forecast={forecastSroi} actual={actual} />
        <SaveIndicator status={autosave.status} failure={autosave.failure} held={unreadable.count} />
      </Stack>
    </UnreadableFigures.Provider>
  );
}

/** An indicator's evidence: one optional PDF, in the slot named by the indicator's key. */
function evidenceSlot(key: string, label: string) {
  return {
    file_name: key,
    label,
    file_description: '',
    file_type: 'pdf' as const,
    dimensions: EVIDENCE_MAX_BYTES,
    mandatory: false,
  };
}
