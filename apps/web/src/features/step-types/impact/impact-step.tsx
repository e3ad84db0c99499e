import {
  budgetCostOf,
  callCurrency,
  customOutcomeCount,
  formatMoney,
  IMPACT_FRAMEWORK_LANGUAGE,
  isCustomOutcome,
  MAX_CUSTOM_OUTCOMES,
  MAX_OUTCOMES_PER_SDG,
  MAX_SDGS,
  miniDyiDraftProblems,
  newCustomOutcome,
  parseImpactStepContent,
  STEP_TYPES,
  type TMiniDyiAnswer,
  type TMiniDyiIndicator,
  type TMiniDyiOutcome,
  toggleIndicator,
  toggleOutcome,
  toggleSdg,
} from '@impact/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, FIGURE_DECIMALS, UnreadableFigures } from '../../../components/amount-input';
import { FrameworkText, frameworkOption, WithFrameworkNames } from '../../../components/framework-text';
import { useSdgName, useSdgs } from '../../../lib/api/impact-frameworks';
import { neighbourOf, useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { ConflictBanner } from '../../step-kit/conflict-banner';
import { SaveIndicator } from '../../step-kit/save-indicator';
import type { StepProps } from '../../step-kit/step-props';
import { useAutosave } from '../../step-kit/use-autosave';
import { useStepUnreadableFigures } from '../unreadable-figures';
import { ImpactCurrency, useImpactCurrency } from './currency';
import { SroiPanel } from './sroi-panel';
import { type TFrameworkPickers, useFrameworkPickers } from './step-data';
import { answerOf, GapsShown, problemsByPath, SUB } from './validation';

/** What the step's rules (problemsByPath) say of one field of the answer, in the reader's words. */
function problemAt(t: TFunction, problems: ReadonlyMap<string, string>, path: string) {
  const key = problems.get(path);
  return key ? t(key) : undefined;
}

type Props = StepProps;

/**
 * SPEC 2, 4, 5: the impact step (miniDyi) in six sub-steps. The answer autosaves like every step,
 * but only when it obeys the rules (the server would refuse it otherwise); the wizard blocks Next
 * with the same rules (validation.ts).
 */
export function ImpactStep({
  step,
  submissionId,
  result,
  readOnly,
  subStep,
  onContent,
  registerFlush,
  steps,
  contentOf,
  goToStep,
  problemsShown = false,
}: Props) {
  const { t } = useTranslation();
  const def = parseImpactStepContent(step.content);
  const autosave = useAutosave({ submissionId, stepId: step.id, initial: result, readOnly });
  const [answer, setAnswer] = useState<TMiniDyiAnswer>(() => answerOf(autosave.content));
  const lastSent = useRef(autosave.content);
  const pickers = useFrameworkPickers(def?.frameworkId ?? null);
  // A figure that cannot be read is stored as none: the badge says so and Next and Submit wait for it.
  const unreadable = useStepUnreadableFigures(step.id);

  // A newer answer taken from the server (conflict) replaces what is on screen.
  useEffect(() => {
    if (autosave.content !== lastSent.current) {
      lastSent.current = autosave.content;
      setAnswer(answerOf(autosave.content));
    }
  }, [autosave.content]);
  // With a budget step in the call, the investment is its total cost (the server stores it so too).
  const budgetIndex = steps?.findIndex((s) => s.stepType?.name === STEP_TYPES.budget.name) ?? -1;
  const budgetStep = budgetIndex >= 0 ? steps?.[budgetIndex] : undefined;
  const currency = callCurrency(steps ?? []);
  const linkedCost = budgetStep ? (budgetCostOf(budgetStep.content, contentOf?.(budgetStep)) ?? 0) : undefined;
  const shown = useMemo(
    () => (linkedCost === undefined ? answer : { ...answer, budget: linkedCost }),
    [answer, linkedCost],
  );
  useEffect(() => onContent(JSON.stringify(shown)), [shown, onContent]);
  useEffect(() => registerFlush(autosave.flush), [autosave.flush, registerFlush]);

  const update = useCallback(
    (next: TMiniDyiAnswer) => {
      if (readOnly) return;
      setAnswer(next);
      // Saved as soon as nothing makes it unsavable: what is still missing (a stakeholder, a target)
      // is shown on its field and holds Next and Submit, but everything else is kept meanwhile.
      // Until then a teammate's newer answer must not replace what is on screen.
      const unsavable = miniDyiDraftProblems(next).length > 0;
      autosave.holdTyping(unsavable);
      if (!unsavable) {
        const json = JSON.stringify(next);
        lastSent.current = json;
        autosave.change(json);
      }
    },
    [readOnly, autosave.change, autosave.holdTyping],
  );

  if (!def) return <Alert color="gray">{t('impact.step.noFramework')}</Alert>;

  return (
    <ImpactCurrency.Provider value={currency}>
      <UnreadableFigures.Provider value={unreadable.report}>
        <GapsShown.Provider value={problemsShown}>
          <Stack gap="md" data-testid="impact-step">
            {autosave.status === 'conflict' && (
              <ConflictBanner onLoadNewer={autosave.loadNewer} onKeepMine={autosave.keepMine} newer={autosave.newer} />
            )}
            <Group justify="space-between">
              <Badge variant="light">
                {t('impact.step.subStepOf', { n: subStep + 1, total: 6 })} · {t(`impact.step.titles.${subStep}`)}
              </Badge>
              {!readOnly && (
                <SaveIndicator status={autosave.status} failure={autosave.failure} held={unreadable.count} />
              )}
            </Group>
            <Title order={3}>{t(`impact.step.titles.${subStep}`)}</Title>
            {subStep === SUB.introduction && <Introduction linked={linkedCost !== undefined} />}
            {subStep === SUB.budget && linkedCost !== undefined && (
              <LinkedBudget
                cost={linkedCost}
                onGo={goToStep && budgetIndex >= 0 ? () => goToStep(budgetIndex) : undefined}
                answer={shown}
                update={(next) => update({ ...next, budget: linkedCost })}
                readOnly={readOnly}
              />
            )}
            {subStep === SUB.budget && linkedCost === undefined && (
              <Budget answer={answer} update={update} readOnly={readOnly} />
            )}
            {subStep === SUB.sdg && <Sdgs answer={answer} update={update} readOnly={readOnly} />}
            {subStep >= SUB.outcomes &&
              (pickers.isPending ? (
                <Loader />
              ) : pickers.data ? (
                <>
                  {subStep === SUB.outcomes && (
                    <Outcomes answer={answer} update={update} readOnly={readOnly} pickers={pickers.data} />
                  )}
                  {subStep === SUB.indicators && (
                    <Indicators answer={answer} update={update} readOnly={readOnly} pickers={pickers.data} />
                  )}
                  {subStep === SUB.custom && (
                    <CustomOutcomes answer={answer} update={update} readOnly={readOnly} pickers={pickers.data} />
                  )}
                </>
              ) : (
                <Alert color="red">{t('errors.unexpected')}</Alert>
              ))}
            {subStep >= SUB.budget && (
              <SroiPanel
                answer={shown}
                params={def.sroiParams}
                fromBudgetStep={linkedCost !== undefined}
                currency={currency}
              />
            )}
          </Stack>
        </GapsShown.Provider>
      </UnreadableFigures.Provider>
    </ImpactCurrency.Provider>
  );
}

type PartProps = { answer: TMiniDyiAnswer; update: (a: TMiniDyiAnswer) => void; readOnly: boolean };

/** `linked`: the call has a budget step, whose total cost is the investment (nothing to type here). */
function Introduction({ linked }: { linked: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text>{t('impact.step.intro.text')}</Text>
      <List spacing="xs">
        {[1, 2, 3, 4, 5].map((n) => (
          <List.Item key={n}>{t(`impact.step.intro.point${n}${n === 1 && linked ? 'Linked' : ''}`)}</List.Item>
        ))}
      </List>
      <Alert color="blue" title={t('impact.step.intro.guidanceTitle')}>
        {t('impact.step.intro.guidance')}
      </Alert>
    </Stack>
  );
}

function Budget({ answer, update, readOnly }: PartProps) {
  const { t } = useTranslation();
  const { currency, symbol } = useImpactCurrency();
  const problems = problemsByPath(answer, useContext(GapsShown));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <AmountInput
        label={t('impact.step.budget', { currency: symbol })}
        description={t('impact.step.budgetHelp')}
        value={answer.budget}
        onChange={(budget) => update({ ...answer, budget })}
        currency={currency}
        readOnly={readOnly}
        required
        error={problemAt(t, problems, 'budget')}
      />
      <AmountInput
        label={t('impact.step.budgetSpent', { currency: symbol })}
        description={t('impact.step.budgetSpentHelp')}
        value={answer.budgetSpent}
        onChange={(budgetSpent) => update({ ...answer, budgetSpent })}
        currency={currency}
        readOnly={readOnly}
        error={problemAt(t, problems, 'budgetSpent')}
      />
    </SimpleGrid>
  );
}

/** The investment read from the budget step (read only, with the way there), and the budget already spent. */
function LinkedBudget({
  cost,
  onGo,
  answer,
  update,
  readOnly,
}: PartProps & { cost: number; onGo?: (() => void) | undefined }) {
  const { t, i18n } = useTranslation();
  const { currency, symbol } = useImpactCurrency();
  const problems = problemsByPath(answer, useContext(GapsShown));
  return (
    <Stack gap="sm" data-testid="impact-linked-budget">
      <Alert color="blue">
        <Text fw={600} data-testid="impact-linked-cost">
          {t('budgetStep.impactLinked', { cost: formatMoney(cost.toFixed(2), i18n.language, currency) })}
        </Text>
        <Text size="sm">{t('budgetStep.impactLinkedHelp')}</Text>
        {onGo && (
          // In the alert's own dark blue, underlined (global.css: every link inside an alert).
          <Anchor component="button" type="button" onClick={onGo} size="sm">
            {t('budgetStep.goToBudget')}
          </Anchor>
        )}
      </Alert>
      <AmountInput
        label={t('impact.step.budgetSpent', { currency: symbol })}
        description={t('impact.step.budgetSpentHelp')}
        value={answer.budgetSpent}
        onChange={(budgetSpent) => update({ ...answer, budgetSpent })}
        currency={currency}
        readOnly={readOnly}
        error={problemAt(t, problems, 'budgetSpent')}
        maw={320}
      />
    </Stack>
  );
}

function Sdgs({ answer, update, readOnly }: PartProps) {
  const { t } = useTranslation();
  const sdgs = useSdgs();
  const local = useSdgName();
  if (!sdgs.data) return <Loader />;
  const full = answer.sdg.length >= MAX_SDGS;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('impact.step.sdgHelp', { count: answer.sdg.length, max: MAX_SDGS })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {sdgs.data.map((sdg) => {
          const checked = answer.sdg.includes(sdg.sdgCode);
          return (
            <Card
              key={sdg.sdgCode}
              withBorder
              radius="md"
              padding="sm"
              bd={checked ? '2px solid var(--mantine-color-blue-6)' : undefined}
            >
              <Checkbox
                checked={checked}
                disabled={readOnly || (!checked && full)}
                onChange={() => update(toggleSdg(answer, sdg.sdgCode))}
                label={
                  <Text fw={600} size="sm">
                    {sdg.sdgCode}. {local(sdg.name)}
                  </Text>
                }
                description={local(sdg.description)}
              />
              <Text size="sm" mt={4} ml={32}>
                {/* Seventeen links with the same words: each named by its goal, and saying it opens a new tab. */}
                <Anchor
                  href={sdg.url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t('impact.step.sdgLinkFor', { code: sdg.sdgCode, name: local(sdg.name) })}
                >
                  {t('impact.step.sdgLink')} <span aria-hidden="true">↗</span>
                </Anchor>
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

type PickerProps = PartProps & { pickers: TFrameworkPickers };

function StakeholderSelect({
  outcome,
  pickers,
  readOnly,
  error,
  onPick,
}: {
  outcome: TMiniDyiOutcome;
  pickers: TFrameworkPickers;
  readOnly: boolean;
  error: string | undefined;
  onPick: (id: string, name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={
        <WithFrameworkNames
          i18nKey="impact.step.stakeholderFor"
          values={{ outcome: outcome.outcomeName || '…' }}
          fromFramework={[!isCustomOutcome(outcome)]}
        />
      }
      placeholder={t('impact.step.stakeholderPlaceholder')}
      data={pickers.stakeholders.map((s) => ({ value: s.id, label: s.name }))}
      renderOption={frameworkOption}
      // The stakeholder chosen is the framework's text; the placeholder before it is the page's.
      lang={outcome.stakeholderId ? IMPACT_FRAMEWORK_LANGUAGE : undefined}
      value={outcome.stakeholderId || null}
      onChange={(id) => onPick(id ?? '', pickers.stakeholders.find((s) => s.id === id)?.name ?? '')}
      readOnly={readOnly}
      required
      searchable
      error={error ? t(error) : undefined}
    />
  );
}

const replaceOutcome = (answer: TMiniDyiAnswer, index: number, next: TMiniDyiOutcome): TMiniDyiAnswer => ({
  ...answer,
  selectedOutcomes: answer.selectedOutcomes.map((o, i) => (i === index ? next : o)),
});

function Outcomes({ answer, update, readOnly, pickers }: PickerProps) {
  const { t } = useTranslation();
  const sdgs = useSdgs();
  const local = useSdgName();
  const problems = problemsByPath(answer, useContext(GapsShown));
  if (answer.sdg.length === 0) return <Alert color="gray">{t('impact.step.pickSdgFirst')}</Alert>;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('impact.step.outcomesHelp', { max: MAX_OUTCOMES_PER_SDG })}
      </Text>
      {answer.sdg.map((code) => {
        const sdg = sdgs.data?.find((s) => s.sdgCode === code);
        const options = pickers.outcomes.filter((o) => o.sdg.includes(code));
        const chosen = answer.selectedOutcomes.filter((o) => o.customKey === null && o.sdg === code).length;
        return (
          <Paper key={code} withBorder radius="md" p="md">
            <Group justify="space-between" mb="sm">
              <Title order={4}>
                {code}. {sdg ? local(sdg.name) : ''}
              </Title>
              <Badge variant="light">{t('impact.step.chosenOf', { count: chosen, max: MAX_OUTCOMES_PER_SDG })}</Badge>
            </Group>
            {options.length === 0 && <Text c="dimmed">{t('impact.step.noOutcomesForSdg')}</Text>}
            <Stack gap="sm">
              {options.map((o) => {
                const index = answer.selectedOutcomes.findIndex(
                  (s) => s.customKey === null && s.sdg === code && s.outcomeId === o.id,
                );
                const selected = answer.selectedOutcomes[index];
                return (
                  <Stack key={o.id} gap={6}>
                    <Checkbox
                      checked={index >= 0}
                      disabled={readOnly || (index < 0 && chosen >= MAX_OUTCOMES_PER_SDG)}
                      onChange={() => update(toggleOutcome(answer, code, o))}
                      label={<FrameworkText>{o.name}</FrameworkText>}
                      description={o.description && <FrameworkText>{o.description}</FrameworkText>}
                    />
                    {selected && (
                      <div style={{ marginLeft: 32 }}>
                        <StakeholderSelect
                          outcome={selected}
                          pickers={pickers}
                          readOnly={readOnly}
                          error={problems.get(`selectedOutcomes.${index}.stakeholderId`)}
                          onPick={(stakeholderId, stakeholderName) =>
                            update(replaceOutcome(answer, index, { ...selected, stakeholderId, stakeholderName }))
                          }
                        />
                      </div>
                    )}
                  </Stack>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function IndicatorFields({
  indicator,
  proxies,
  readOnly,
  path,
  problems,
  onChange,
}: {
  indicator: TMiniDyiIndicator;
  proxies: Array<{ id: string; name: string; defaultValue: number; sourceName: string }>;
  readOnly: boolean;
  path: string;
  problems: Map<string, string>;
  onChange: (next: TMiniDyiIndicator) => void;
}) {
  const { t } = useTranslation();
  const { currency, symbol } = useImpactCurrency();
  const err = (field: string) => problemAt(t, problems, `${path}.${field}`);
  const source = proxies.find((p) => p.id === indicator.proxyId)?.sourceName;
  return (
    <SimpleGrid cols={{ base: 1, sm: proxies.length > 1 ? 3 : 2 }} ml={32}>
      <AmountInput
        label={<WithFrameworkNames i18nKey="impact.step.target" values={{ indicator: indicator.indicatorName }} />}
        description={t('impact.step.targetHelp')}
        value={indicator.indicatorTargetValue}
        onChange={(indicatorTargetValue) => onChange({ ...indicator, indicatorTargetValue })}
        decimals={FIGURE_DECIMALS}
        required
        readOnly={readOnly}
        error={err('indicatorTargetValue')}
      />
      {proxies.length > 1 && (
        <Select
          label={t('impact.step.proxy')}
          data={proxies.map((p) => ({ value: p.id, label: p.name }))}
          renderOption={frameworkOption}
          lang={IMPACT_FRAMEWORK_LANGUAGE}
          value={indicator.proxyId}
          onChange={(id) => {
            const p = proxies.find((x) => x.id === id);
            if (p) onChange({ ...indicator, proxyId: p.id, proxyName: p.name, proxyValue: p.defaultValue });
          }}
          readOnly={readOnly}
          allowDeselect={false}
        />
      )}
      <AmountInput
        label={
          <WithFrameworkNames
            i18nKey="impact.step.proxyValue"
            values={{ proxy: indicator.proxyName, currency: symbol }}
          />
        }
        description={source ? <FrameworkText>{source}</FrameworkText> : t('impact.step.proxyValueHelp')}
        value={indicator.proxyValue}
        onChange={(proxyValue) => onChange({ ...indicator, proxyValue })}
        decimals={FIGURE_DECIMALS}
        currency={currency}
        readOnly={readOnly}
        error={err('proxyValue')}
      />
    </SimpleGrid>
  );
}

function Indicators({ answer, update, readOnly, pickers }: PickerProps) {
  const { t } = useTranslation();
  const problems = problemsByPath(answer, useContext(GapsShown));
  const outcomes = answer.selectedOutcomes.map((o, index) => ({ o, index })).filter(({ o }) => o.customKey === null);
  if (outcomes.length === 0) return <Alert color="gray">{t('impact.step.pickOutcomesFirst')}</Alert>;
  return (
    <Stack gap="lg">
      <Alert color="blue">{t('impact.step.intro.guidance')}</Alert>
      {outcomes.map(({ o, index }) => {
        const indicators = pickers.indicators.filter((i) => i.outcomeId === o.outcomeId);
        const stakeholderError = problems.get(`selectedOutcomes.${index}.stakeholderId`);
        return (
          <Paper key={`${o.sdg}-${o.outcomeId}`} withBorder radius="md" p="md">
            <Title order={4}>
              <FrameworkText>{o.outcomeName}</FrameworkText>
            </Title>
            <Text size="sm" c={stakeholderError ? 'red' : 'dimmed'} mb="sm">
              {stakeholderError
                ? t(stakeholderError)
                : [
                    `${t('labelled', { label: t('impact.step.stakeholder') })} `,
                    <FrameworkText key="name">{o.stakeholderName}</FrameworkText>,
                  ]}
            </Text>
            <Stack gap="sm">
              {indicators.map((ind) => {
                const j = o.indicators.findIndex((x) => x.indicatorId === ind.id);
                const chosen = o.indicators[j];
                return (
                  <Stack key={ind.id} gap={6}>
                    <Checkbox
                      checked={j >= 0}
                      disabled={readOnly}
                      onChange={() => update(replaceOutcome(answer, index, toggleIndicator(o, ind)))}
                      label={<FrameworkText>{ind.name}</FrameworkText>}
                      description={ind.description && <FrameworkText>{ind.description}</FrameworkText>}
                    />
                    {chosen && (
                      <IndicatorFields
                        indicator={chosen}
                        proxies={ind.proxies}
                        readOnly={readOnly}
                        path={`selectedOutcomes.${index}.indicators.${j}`}
                        problems={problems}
                        onChange={(next) =>
                          update(
                            replaceOutcome(answer, index, {
                              ...o,
                              indicators: o.indicators.map((x, k) => (k === j ? next : x)),
                            }),
                          )
                        }
                      />
                    )}
                  </Stack>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function CustomOutcomes({ answer, update, readOnly, pickers }: PickerProps) {
  const { t } = useTranslation();
  const { currency, symbol } = useImpactCurrency();
  const problems = problemsByPath(answer, useContext(GapsShown));
  const count = customOutcomeCount(answer);
  const { root, focusSoon } = useFocusAfterRender<HTMLDivElement>();
  const customKeys = answer.selectedOutcomes.flatMap((o) => (o.customKey === null ? [] : [o.customKey]));
  const add = () => {
    const added = newCustomOutcome();
    focusSoon(`[data-focus-key="custom-${added.customKey}"]`);
    update({ ...answer, selectedOutcomes: [...answer.selectedOutcomes, added] });
  };
  const remove = (index: number, customKey: string) => {
    const next = neighbourOf(customKeys, customKey);
    focusSoon(next === null ? '[data-focus-key="add-custom"]' : `[data-focus-key="custom-${next}"]`);
    update({ ...answer, selectedOutcomes: answer.selectedOutcomes.filter((_, i) => i !== index) });
  };
  return (
    <Stack gap="md" ref={root}>
      <Text size="sm" c="dimmed">
        {t('impact.step.customHelp', { max: MAX_CUSTOM_OUTCOMES })}
      </Text>
      {answer.selectedOutcomes.map((o, index) => {
        if (o.customKey === null) return null;
        const at = `selectedOutcomes.${index}`;
        const ind = o.indicators[0];
        // A just-added outcome is not scolded before Next or Submit (its gaps wait for them, as all do).
        const err = (path: string) => {
          const key = problems.get(path);
          return key ? t(key) : undefined;
        };
        const setInd = (patch: Partial<TMiniDyiIndicator>) =>
          ind && update(replaceOutcome(answer, index, { ...o, indicators: [{ ...ind, ...patch }] }));
        return (
          <Paper key={o.customKey} withBorder radius="md" p="md" data-testid="custom-outcome">
            <Stack gap="sm">
              <TextInput
                label={t('impact.step.customName')}
                value={o.outcomeName}
                onChange={(e) => update(replaceOutcome(answer, index, { ...o, outcomeName: e.currentTarget.value }))}
                readOnly={readOnly}
                required
                error={err(`${at}.outcomeName`)}
                data-focus-key={`custom-${o.customKey}`}
              />
              <StakeholderSelect
                outcome={o}
                pickers={pickers}
                readOnly={readOnly}
                error={problems.get(`${at}.stakeholderId`)}
                onPick={(stakeholderId, stakeholderName) =>
                  update(replaceOutcome(answer, index, { ...o, stakeholderId, stakeholderName }))
                }
              />
              {ind && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('impact.step.customIndicator')}
                    value={ind.indicatorName}
                    onChange={(e) => setInd({ indicatorName: e.currentTarget.value })}
                    readOnly={readOnly}
                    required
                    error={err(`${at}.indicators.0.indicatorName`)}
                  />
                  <AmountInput
                    label={t('impact.step.customTarget')}
                    value={ind.indicatorTargetValue}
                    onChange={(indicatorTargetValue) => setInd({ indicatorTargetValue })}
                    decimals={FIGURE_DECIMALS}
                    readOnly={readOnly}
                    required
                    error={err(`${at}.indicators.0.indicatorTargetValue`)}
                  />
                  <TextInput
                    label={t('impact.step.customProxy')}
                    value={ind.proxyName}
                    onChange={(e) => setInd({ proxyName: e.currentTarget.value })}
                    readOnly={readOnly}
                  />
                  <AmountInput
                    label={t('impact.step.customProxyValue', { currency: symbol })}
                    value={ind.proxyValue}
                    onChange={(proxyValue) => setInd({ proxyValue })}
                    decimals={FIGURE_DECIMALS}
                    currency={currency}
                    readOnly={readOnly}
                    error={err(`${at}.indicators.0.proxyValue`)}
                  />
                </SimpleGrid>
              )}
              {/* Last in the card: the keyboard meets the outcome's fields before the way to remove it. */}
              {!readOnly && (
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => remove(index, o.customKey ?? '')}
                  >
                    {t('impact.step.removeCustom')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          leftSection={<IconPlus size={16} />}
          variant="light"
          disabled={readOnly || count >= MAX_CUSTOM_OUTCOMES}
          onClick={add}
          data-focus-key="add-custom"
        >
          {t('impact.step.addCustom')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('impact.step.customCount', { count, max: MAX_CUSTOM_OUTCOMES })}
        </Text>
      </Group>
    </Stack>
  );
}
