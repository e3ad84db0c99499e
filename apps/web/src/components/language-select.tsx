import { isLanguage, LANGUAGES } from '@impact/domain';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../lib/i18n/i18n';
import { NATIVE_NAMES } from '../lib/language-names';

/**
 * The browser's own select: it works the same with a finger, a keyboard or a screen reader, and
 * needs none of the positioning code a drawn dropdown brings to every page.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('layout.language')}
      data={LANGUAGES.map((l) => ({ value: l, label: NATIVE_NAMES[l] }))}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value) && value !== i18n.language) switchLanguage(value);
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      // Narrow icon and arrow columns leave "Italiano" and "Français" room at 124 px, which the
      // 320 px header can spare (a wider select pushed the user menu off the bar).
      leftSectionWidth={26}
      rightSectionWidth={24}
      w={{ base: 124, xs: 150 }}
      size="sm"
      data-testid="language-select"
    />
  );
}
