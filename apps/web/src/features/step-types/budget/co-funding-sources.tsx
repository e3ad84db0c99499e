import { CO_FUNDING_KINDS, type TCoFundingKind } from '@impact/domain';
import { ActionIcon, Checkbox, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list';
import { useNarrowScreen } from '../../../components/use-narrow-screen';

/** A source as typed: its amount as the applicant wrote it; no kind until one is chosen. */
export type Source = { key: number; source: string; kind: TCoFundingKind | null; amount: string; confirmed: boolean };

type Props = {
  /** The id of the heading that names the sources. */
  headingId: string;
  sources: Source[];
  /** The error shown at a source's kind (the n-th source), if any. */
  kindError: (source: Source, n: number) => string | undefined;
  amountError: (text: string) => string | undefined;
  onSource: (key: number, change: Partial<Source>) => void;
  onLeaveKind: (key: number) => void;
  onRemove: (key: number) => void;
};

/**
 * The co-funding sources: on a wide screen each a row of fields; on a phone one card per source,
 * its fields one under the other at the card's width (the row wrapped into ragged pieces there).
 * The same fields, names and order either way.
 */
export function CoFundingSources(props: Props) {
  const narrow = useNarrowScreen();
  const { headingId, sources } = props;
  if (sources.length === 0) return null;
  if (narrow)
    return (
      <PlainList ordered gap="xs" mt="xs" aria-labelledby={headingId}>
        {sources.map((s, n) => (
          <Paper component="li" key={s.key} withBorder p="sm" radius="md" data-testid="budget-source-card">
            <Stack gap="xs">
              <SourceFields {...props} s={s} n={n} narrow />
            </Stack>
          </Paper>
        ))}
      </PlainList>
    );
  return sources.map((s, n) => (
    <Group key={s.key} align="flex-end" gap="xs" mt="xs">
      <SourceFields {...props} s={s} n={n} />
    </Group>
  ));
}

function SourceFields({
  s,
  n,
  kindError,
  amountError,
  onSource,
  onLeaveKind,
  onRemove,
  narrow = false,
}: Props & { s: Source; n: number; narrow?: boolean }) {
  const { t } = useTranslation();
  const label = t('budgetStep.sourceOf', { n: n + 1 });
  // Each field names its source ("Source 2: amount"): a row of "Kind" and "Amount" repeated for
  // every source told a screen reader's user neither which source nor that it was one.
  const field = (name: 'name' | 'kind' | 'amount' | 'confirmed') => t(`budgetStep.sourceField.${name}`, { n: n + 1 });
  const confirmed = (
    <Checkbox
      label={field('confirmed')}
      checked={s.confirmed}
      onChange={(e) => onSource(s.key, { confirmed: e.currentTarget.checked })}
      mb={narrow ? 0 : 8}
    />
  );
  const remove = (
    <ActionIcon
      variant="subtle"
      color="red"
      mb={narrow ? 0 : 4}
      aria-label={t('budgetStep.removeSource', { source: label })}
      onClick={() => onRemove(s.key)}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
  return (
    <>
      <TextInput
        label={field('name')}
        value={s.source}
        maxLength={1000}
        onChange={(e) => onSource(s.key, { source: e.currentTarget.value })}
        data-testid="budget-source"
        data-focus-key={`source-${s.key}`}
      />
      <NativeSelect
        label={field('kind')}
        value={s.kind ?? ''}
        // No kind until one is chosen: a default one was filed by whoever forgot to choose.
        data={[
          { value: '', label: t('budgetStep.chooseKind'), disabled: true },
          ...CO_FUNDING_KINDS.map((k) => ({ value: k, label: t(`budgetStep.kinds.${k}`) })),
        ]}
        onChange={(e) => onSource(s.key, { kind: (e.currentTarget.value || null) as TCoFundingKind | null })}
        onBlur={() => onLeaveKind(s.key)}
        error={kindError(s, n)}
        data-testid="budget-source-kind"
      />
      <TextInput
        label={field('amount')}
        inputMode="decimal"
        value={s.amount}
        onChange={(e) => onSource(s.key, { amount: e.currentTarget.value })}
        error={amountError(s.amount)}
        styles={{ input: { textAlign: 'right' } }}
        data-testid="budget-source-amount"
      />
      {narrow ? (
        // On a card, "confirmed" and its button share the last row, the button at the card's edge.
        <Group gap="xs" justify="space-between" wrap="nowrap">
          {confirmed}
          {remove}
        </Group>
      ) : (
        <>
          {confirmed}
          {remove}
        </>
      )}
    </>
  );
}
