import { currencySymbol, type TGrant } from '@impact/domain';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/amount-input';
import { DateField } from '../../../components/date-field';
import { fieldErrorText, problemText } from '../../../lib/problem-text';
import { useUpdateGrant } from '../api/grants';

/** The admin edits a grant's amount, dates and conditions before the grantee accepts. */
export function GrantTermsForm({
  grant,
  onDone,
  onDirty,
}: {
  grant: TGrant;
  onDone: () => void;
  /** Whether the form differs from the grant's terms: the dialog asks before it drops them. */
  onDirty?: (dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateGrant();
  const [amount, setAmount] = useState<number | string>(grant.amount);
  const [startsAt, setStartsAt] = useState(grant.startsAt ?? '');
  const [endsAt, setEndsAt] = useState(grant.endsAt ?? '');
  const [conditions, setConditions] = useState(grant.conditions);
  const dirty =
    Number(amount) !== grant.amount ||
    startsAt !== (grant.startsAt ?? '') ||
    endsAt !== (grant.endsAt ?? '') ||
    conditions !== grant.conditions;
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const error = (path: string) => fieldErrorText(t, update.error, path);
  // An empty amount (or one that could not be read) is asked for, never sent as 0.
  const [amountMissing, setAmountMissing] = useState(false);
  const save = () => {
    if (amount === '') return setAmountMissing(true);
    update.mutate(
      {
        grantId: grant.id,
        amount: Number(amount),
        startsAt: startsAt || null,
        endsAt: endsAt || null,
        conditions,
      },
      { onSuccess: onDone },
    );
  };
  return (
    // No browser bubble for the required amount (in the browser's language, before our own words).
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack>
        <AmountInput
          label={t('grants.terms.amount', { currency: currencySymbol(grant.currency, i18n.language) })}
          value={amount === '' ? null : Number(amount)}
          onChange={(value) => {
            setAmount(value ?? '');
            setAmountMissing(false);
          }}
          required
          error={amountMissing ? t('errors.field.required') : error('amount')}
        />
        <Group grow>
          <DateField
            label={t('grants.terms.startsAt')}
            value={startsAt}
            onChange={setStartsAt}
            error={error('startsAt')}
          />
          <DateField label={t('grants.terms.endsAt')} value={endsAt} onChange={setEndsAt} error={error('endsAt')} />
        </Group>
        <Textarea
          label={t('grants.terms.conditions')}
          description={t('grants.terms.conditionsHelp')}
          value={conditions}
          onChange={(e) => setConditions(e.currentTarget.value)}
          autosize
          minRows={3}
          error={error('conditions')}
        />
        {update.isError && !error('amount') && !error('endsAt') && !error('startsAt') && (
          <div role="alert">{problemText(t, update.error)}</div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('grants.terms.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('grants.terms.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
