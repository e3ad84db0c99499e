import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { orgVariables } from '../features/screening/org-variables';
import { ConditionPicker } from '../features/surveys/builder/components/condition-picker';
import { initI18n } from '../lib/i18n/i18n';

describe('a screener rule on the organization’s data', () => {
  it.each([
    ['en', 'Question (condition 1)', 'Organization’s country', 'Value (condition 1)', 'Italy'],
    ['fr', 'Question (condition 1)', 'Pays de l’organisation', 'Valeur (condition 1)', 'Italie'],
  ] as const)(
    'in %s, names the field and the country as the reader reads them, not by their codes',
    async (language, questionLabel, field, valueLabel, country) => {
      await initI18n(language);
      render(
        <MantineProvider env="test">
          <ConditionPicker
            expression="{org.country} != 'IT'"
            onChange={() => {}}
            model={{ pages: [] }}
            variables={orgVariables(i18next.t, language)}
            lang={language}
            label="Not eligible if (rule 2)"
            idPrefix="rule-2"
          />
        </MantineProvider>,
      );
      expect((screen.getByLabelText(questionLabel, { selector: 'input' }) as HTMLInputElement).value).toBe(field);
      expect((screen.getByLabelText(valueLabel, { selector: 'input' }) as HTMLInputElement).value).toBe(country);
    },
  );
});
