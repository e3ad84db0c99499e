import { LANGUAGES, type TLanguage } from '@impact/domain';
import { Badge, Group, SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from '../../../components/use-narrow-screen';
import { NATIVE_NAMES } from '../../../lib/language-names';

type Props = {
  value: TLanguage;
  onChange: (language: TLanguage) => void;
  /** How many texts written in the default language are still missing in each language. */
  missing: Record<TLanguage, number>;
};

/**
 * Which language the editor's texts are written in: one at a time. Each language says how many
 * texts it still lacks (applicants reading it see the default language's there), in words as well
 * as in the badge, so a screen reader hears it with the option.
 */
export function ContentLanguageSwitch({ value, onChange, missing }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  // Three names and their badges do not fit beside one another on a phone: one under the other.
  const narrow = useNarrowScreen();
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Text id={labelId} size="sm" fw={500}>
        {t('callBuilder.translations.switchLabel')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
        value={value}
        onChange={(next) => onChange(next as TLanguage)}
        data={LANGUAGES.map((language) => ({
          value: language,
          label: (
            <Group gap={6} wrap="nowrap" justify="center">
              <span lang={language}>{NATIVE_NAMES[language]}</span>
              {missing[language] > 0 && (
                <Badge size="xs" color="orange" variant="light" data-testid={`missing-${language}`}>
                  {t('callBuilder.translations.missing', { count: missing[language] })}
                </Badge>
              )}
            </Group>
          ),
        }))}
      />
    </Group>
  );
}
