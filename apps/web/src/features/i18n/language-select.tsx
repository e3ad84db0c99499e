import { isLanguage, LANGUAGES } from '@impact/domain';
import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './i18n';

/** Language names are written in their own language, so anyone can find theirs. */
const NATIVE_NAMES: Record<(typeof LANGUAGES)[number], string> = { it: 'Italiano', en: 'English', fr: 'Français' };

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('layout.language')}
      data={LANGUAGES.map((l) => ({ value: l, label: NATIVE_NAMES[l] }))}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(value) => {
        if (isLanguage(value) && value !== i18n.language) switchLanguage(value);
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={{ base: 120, xs: 150 }}
      size="sm"
      comboboxProps={{ withinPortal: true }}
      data-testid="language-select"
    />
  );
}
