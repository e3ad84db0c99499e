import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SurveyForm from './survey-form';

const model = {
  pages: [
    {
      elements: [
        {
          type: 'text',
          name: 'people',
          title: { default: 'Quante persone?', fr: 'Combien de personnes ?' },
        },
      ],
    },
  ],
};

function languageAround(text: string) {
  return screen.getByText(text).closest('[lang]')?.getAttribute('lang');
}

describe('the survey form', () => {
  it('says the language it is shown in: Italian in Italian (SurveyJS said English), French in French', async () => {
    const italian = render(
      <MantineProvider>
        <SurveyForm model={model} data={{}} locale="it" readOnly={false} />
      </MantineProvider>,
    );
    await screen.findByText('Quante persone?');
    expect(languageAround('Quante persone?')).toBe('it');
    italian.unmount();
    render(
      <MantineProvider>
        <SurveyForm model={model} data={{}} locale="fr" readOnly={false} />
      </MantineProvider>,
    );
    await screen.findByText('Combien de personnes ?');
    expect(languageAround('Combien de personnes ?')).toBe('fr');
  });
});
