import type { TTranche } from '@impact/domain';
import { Button, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { todayHere } from '../../../lib/day-month-year';
import { problemText } from '../../../lib/problem-text';
import { useMarkTranchePaid } from '../api/grants';

/**
 * The admin's "Mark paid" on a payable tranche: the day paid and the payment's reference.
 * `onPaid`: where the keyboard goes once it is recorded (this button leaves with the payable row).
 * `editedUnsaved`: the plan below changed this tranche and was not saved; the payment is recorded
 * for the tranche as saved, and says so.
 */
export function MarkPaid({
  grantId,
  tranche,
  onPaid,
  editedUnsaved = false,
}: {
  grantId: string;
  tranche: TTranche;
  onPaid?: () => void;
  editedUnsaved?: boolean;
}) {
  const { t } = useTranslation();
  const mark = useMarkTranchePaid(grantId);
  const [paidAt, setPaidAt] = useState(() => todayHere());
  const [reference, setReference] = useState('');
  // The server's rule, checked here so the message sits on its field, in the page's language.
  const [missing, setMissing] = useState<{ day?: boolean; reference?: boolean }>({});
  const dayField = useRef<HTMLInputElement>(null);
  const asSavedId = useId();
  const referenceField = useRef<HTMLInputElement>(null);
  return (
    <Popover trapFocus withArrow position="bottom-end">
      <Popover.Target>
        <Button size="xs" aria-label={t('grants.tranches.markPaidOf', { n: tranche.position + 1 })}>
          {t('grants.tranches.markPaid')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack
          // A form checked by the page (its messages in its language), not by the browser's bubbles.
          renderRoot={(props) => <form noValidate {...props} />}
          gap="xs"
          onSubmit={(e) => {
            e.preventDefault();
            const found = { day: !/^\d{4}-\d{2}-\d{2}$/.test(paidAt), reference: !reference.trim() };
            setMissing(found);
            if (found.day) return dayField.current?.focus();
            if (found.reference) return referenceField.current?.focus();
            // mutateAsync, not mutate's callbacks: those do not run once this popover is gone.
            mark
              .mutateAsync({ trancheId: tranche.id, paidAt, paymentReference: reference })
              .then(() => onPaid?.())
              .catch(() => undefined); // said by mark.isError below
          }}
        >
          {editedUnsaved && (
            <Text size="sm" maw={320} id={asSavedId}>
              {t('grants.tranches.paidAsSaved')}
            </Text>
          )}
          <DateField
            // Its calendar inside this popover: drawn outside it, a click on a day closed the popover.
            popoverProps={{ withinPortal: false }}
            label={t('grants.tranches.paidAt')}
            // Not in the future (the server allows the latest time zone's today; the reader's own is what they mean).
            maxDate={todayHere()}
            value={paidAt}
            onChange={(day) => {
              setPaidAt(day);
              setMissing(({ day: _mended, ...rest }) => rest);
            }}
            ref={dayField}
            // The form opens on this field: a screen reader hears the note with it.
            aria-describedby={editedUnsaved ? asSavedId : undefined}
            error={missing.day ? t('errors.grants.dateInvalid') : undefined}
            required
          />
          <TextInput
            label={t('grants.tranches.reference')}
            value={reference}
            onChange={(e) => {
              setReference(e.currentTarget.value);
              setMissing(({ reference: _mended, ...rest }) => rest);
            }}
            ref={referenceField}
            error={missing.reference ? t('errors.grants.referenceRequired') : undefined}
            required
          />
          {mark.isError && (
            <Text size="sm" c="red.8" role="alert">
              {problemText(t, mark.error)}
            </Text>
          )}
          <Button type="submit" size="xs" loading={mark.isPending}>
            {t('grants.tranches.confirmPaid')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
