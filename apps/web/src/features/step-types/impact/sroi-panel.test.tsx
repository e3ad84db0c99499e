import { EMPTY_MINI_DYI } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { loadTranslations } from '../../../lib/i18n/resources';
import { SroiPanel } from './sroi-panel';

beforeAll(async () => {
  await initI18n('it');
  i18next.addResourceBundle('fr', 'translation', await loadTranslations('fr'), true, true);
  await i18next.changeLanguage('fr');
});
afterAll(async () => {
  await i18next.changeLanguage('it');
});

describe('the SROI panel', () => {
  it('writes its labels as French does, a no-break space before the colon', () => {
    const answer = {
      ...EMPTY_MINI_DYI,
      budget: 1000,
      selectedOutcomes: [
        {
          outcomeId: 'o1',
          sdg: 8,
          outcomeName: 'Emploi',
          stakeholderId: 's1',
          stakeholderName: 'Jeunes',
          customKey: null,
          indicators: [
            {
              indicatorId: 'i1',
              indicatorName: 'Embauches',
              indicatorTargetValue: 2,
              proxyId: 'p1',
              proxyName: 'Salaire',
              proxyValue: 1000,
            },
          ],
        },
      ],
    };
    const view = render(
      <MantineProvider>
        <SroiPanel answer={answer} />
      </MantineProvider>,
    );
    expect(view.container.textContent).toContain('Valeur actuelle nette\u00a0:');
    view.unmount();
  });

  it('asks for the budget where the investment comes from: typed here, or the budget step’s total cost', () => {
    const without = render(
      <MantineProvider>
        <SroiPanel answer={EMPTY_MINI_DYI} />
      </MantineProvider>,
    );
    expect(without.getByTestId('sroi-no-budget').textContent).toContain('saisissez le budget demandé');
    without.unmount();
    const linked = render(
      <MantineProvider>
        <SroiPanel answer={EMPTY_MINI_DYI} fromBudgetStep />
      </MantineProvider>,
    );
    expect(linked.getByTestId('sroi-no-budget').textContent).toContain('remplissez le budget');
    expect(linked.getByTestId('sroi-no-budget').textContent).not.toContain('budget demandé');
    linked.unmount();
  });
});
