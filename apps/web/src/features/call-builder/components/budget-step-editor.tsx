import {
  BUDGET_LIMITS,
  DEFAULT_BUDGET_CONTENT,
  parseJson,
  type TBudgetCategory,
  type TBudgetContent,
} from '@impact/domain';
import { ActionIcon, Alert, Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { amountSeparators } from '../../../lib/number-formats';
import { budgetFieldErrors } from './budget-field-errors';
import type { StepEditorProps } from './step-editor-props';

const LANGUAGES = ['it', 'en', 'fr'] as const;

/** Lenient: a half-typed content stays on screen; the strict check runs on Salva and on the server. */
function readContent(content: string): TBudgetContent {
  const json = parseJson(content) as Partial<TBudgetContent> | undefined;
  if (!json || typeof json !== 'object') return DEFAULT_BUDGET_CONTENT;
  return {
    currency: typeof json.currency === 'string' ? json.currency : 'EUR',
    periods: Array.isArray(json.periods) ? json.periods.map(String) : DEFAULT_BUDGET_CONTENT.periods,
    maxRequested: typeof json.maxRequested === 'number' ? json.maxRequested : null,
    minCoFundingShare: typeof json.minCoFundingShare === 'number' ? json.minCoFundingShare : null,
    categories: Array.isArray(json.categories) ? json.categories : DEFAULT_BUDGET_CONTENT.categories,
  };
}

const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? '' : Math.round(share * 10_000) / 100;
const share = (value: string | number) => (value === '' ? null : Math.min(Math.max(Number(value), 0), 100) / 100);

/**
 * The call builder's editor of a budget step (decision 0041): the currency, the periods (years or
 * named phases), the largest contribution an applicant may request, the smallest co-funding share,
 * and the categories, each named in it/en/fr with an optional cap as a share of the total cost.
 */
export function BudgetStepEditor({ content, onChange, showErrors }: StepEditorProps) {
  const { t, i18n } = useTranslation();
  const def = readContent(content);
  const write = (next: TBudgetContent) => onChange(JSON.stringify(next));
  const errors = showErrors ? budgetFieldErrors(def, t) : new Map<string, string>();
  const setCategory = (i: number, change: Partial<TBudgetCategory>) =>
    write({ ...def, categories: def.categories.map((c, n) => (n === i ? { ...c, ...change } : c)) });
  return (
    <Stack gap="sm" data-testid="budget-step-editor">
      {content.trim() === '' && (
        <Button variant="light" onClick={() => write(DEFAULT_BUDGET_CONTENT)} style={{ alignSelf: 'flex-start' }}>
          {t('callBuilder.budget.useDefaults')}
        </Button>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('callBuilder.budget.periods')}
          description={t('callBuilder.budget.periodsHelp')}
          value={def.periods.join(', ')}
          onChange={(e) =>
            write({
              ...def,
              periods: e.currentTarget.value
                .split(',')
                .map((p) => p.trim())
                .filter((p, i, all) => p !== '' || i === all.length - 1),
            })
          }
          error={errors.get('periods')}
        />
        <TextInput
          label={t('callBuilder.budget.currency')}
          value={def.currency}
          maxLength={3}
          onChange={(e) => write({ ...def, currency: e.currentTarget.value.toUpperCase() })}
          error={errors.get('currency')}
        />
        <NumberInput
          label={t('callBuilder.budget.maxRequested')}
          description={t('callBuilder.budget.maxRequestedHelp')}
          min={0}
          max={1e12}
          allowNegative={false}
          decimalScale={2}
          {...amountSeparators(i18n.language)}
          value={def.maxRequested ?? ''}
          onChange={(v) => write({ ...def, maxRequested: v === '' ? null : Number(v) })}
          error={errors.get('maxRequested')}
        />
        <NumberInput
          label={t('callBuilder.budget.minCoFundingShare')}
          description={t('callBuilder.budget.percentHelp')}
          min={0}
          max={100}
          suffix=" %"
          allowNegative={false}
          value={percent(def.minCoFundingShare)}
          onChange={(v) => write({ ...def, minCoFundingShare: share(v) })}
          error={errors.get('minCoFundingShare')}
        />
      </SimpleGrid>
      {def.categories.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the id is typed in this fieldset (keyed by it, the field would lose focus); categories are not reordered
        <Fieldset key={i} legend={t('callBuilder.budget.categoryN', { n: i + 1 })}>
          <Group align="flex-end" gap="xs" mb="xs">
            <TextInput
              label={t('callBuilder.budget.categoryId')}
              value={c.id}
              maxLength={40}
              onChange={(e) => setCategory(i, { id: e.currentTarget.value.replace(/[^A-Za-z0-9_-]/g, '') })}
              error={errors.get(`categories.${i}.id`)}
            />
            <NumberInput
              label={t('callBuilder.budget.maxShare')}
              description={t('callBuilder.budget.percentHelp')}
              min={0}
              max={100}
              suffix=" %"
              allowNegative={false}
              value={percent(c.maxShare)}
              onChange={(v) => {
                const next = share(v);
                const { maxShare: _drop, ...rest } = c;
                setCategory(i, next === null ? { ...rest, maxShare: undefined } : { maxShare: next });
              }}
              error={errors.get(`categories.${i}.maxShare`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('callBuilder.budget.removeCategory', { n: i + 1 })}
              disabled={def.categories.length === 1}
              onClick={() => write({ ...def, categories: def.categories.filter((_, n) => n !== i) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {LANGUAGES.map((lang) => (
              <TextInput
                key={lang}
                label={t('callBuilder.budget.name', { language: lang.toUpperCase() })}
                value={c.name?.[lang] ?? ''}
                maxLength={200}
                onChange={(e) => setCategory(i, { name: { ...c.name, [lang]: e.currentTarget.value } })}
                error={
                  errors.get(`categories.${i}.name.${lang}`) ??
                  (showErrors && !c.name?.[lang]?.trim() ? t('callBuilder.budget.nameRequired') : undefined)
                }
              />
            ))}
            {LANGUAGES.map((lang) => (
              <TextInput
                key={`help-${lang}`}
                label={t('callBuilder.budget.help', { language: lang.toUpperCase() })}
                value={c.help?.[lang] ?? ''}
                maxLength={2000}
                error={errors.get(`categories.${i}.help.${lang}`)}
                onChange={(e) =>
                  setCategory(i, { help: { it: '', en: '', fr: '', ...c.help, [lang]: e.currentTarget.value } })
                }
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        style={{ alignSelf: 'flex-start' }}
        disabled={def.categories.length >= BUDGET_LIMITS.categories}
        onClick={() =>
          write({
            ...def,
            categories: [
              ...def.categories,
              { id: `category${def.categories.length + 1}`, name: { it: '', en: '', fr: '' } },
            ],
          })
        }
      >
        {t('callBuilder.budget.addCategory')}
      </Button>
      {errors.has('categories') && <Alert color="red">{errors.get('categories')}</Alert>}
    </Stack>
  );
}
