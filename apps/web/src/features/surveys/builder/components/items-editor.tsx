import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemsOf, itemText, withItemText, withoutItem, withPastedItems } from '../model/choices';
import { SURVEY_LANGUAGES } from '../model/localised';
import { useBuilder } from './builder-context';

type Props = {
  /** Choices, rows or columns: what the list holds, for its labels. */
  label: string;
  itemLabel: (n: number) => string;
  list: unknown;
  onChange: (list: unknown[]) => void;
  idPrefix: string;
};

/** A list of choices (or a matrix's rows or columns): one field per label, a delete button each, and a box to paste many. */
export function ItemsEditor({ label, itemLabel, list, onChange, idPrefix }: Props) {
  const { t } = useTranslation();
  const { lang } = useBuilder();
  const [pasted, setPasted] = useState('');
  const items = itemsOf(list);
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {label}
      </Text>
      {items.map((_, i) => {
        const missing = !itemText(list, i, lang) && SURVEY_LANGUAGES.some((other) => itemText(list, i, other));
        return (
          // By place: a plain choice's value is its label, so a key from it would change as it is typed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={i} gap={6} wrap="nowrap" align="flex-end">
            <TextInput
              id={`${idPrefix}-${i}`}
              flex={1}
              size="xs"
              aria-label={itemLabel(i + 1)}
              value={itemText(list, i, lang)}
              placeholder={missing ? t('surveys.builder.toTranslate') : undefined}
              error={missing ? t('surveys.builder.toTranslate') : undefined}
              onChange={(e) => onChange(withItemText(list, i, lang, e.currentTarget.value))}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('surveys.builder.removeItem', { item: itemText(list, i, lang) || itemLabel(i + 1) })}
              onClick={() => onChange(withoutItem(list, i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Textarea
        size="xs"
        label={t('surveys.builder.pasteItems')}
        description={t('surveys.builder.pasteItemsHelp')}
        value={pasted}
        onChange={(e) => setPasted(e.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={6}
      />
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={!pasted.trim()}
          onClick={() => {
            onChange(withPastedItems(list, pasted, lang));
            setPasted('');
          }}
        >
          {t('surveys.builder.addItems')}
        </Button>
      </Group>
    </Stack>
  );
}
