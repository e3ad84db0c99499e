import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  const story = { pages: [{ elements: [{ type: 'comment', name: 'story', title: 'Tell us your story' }] }] };
  const form = (data: Record<string, unknown>, locale: string, onData?: (d: Record<string, unknown>) => void) => (
    <MantineProvider>
      <SurveyForm model={story} data={data} locale={locale} readOnly={false} onData={onData} />
    </MantineProvider>
  );

  it('hands each keystroke of a long answer to the autosave, before the field loses focus', async () => {
    const onData = vi.fn();
    // Queries stay inside this render: a worker's files share one document.
    const view = render(form({}, 'it', onData));
    await within(view.container).findByText('Tell us your story');
    const area = view.container.querySelector('textarea') as HTMLTextAreaElement;
    area.focus();
    fireEvent.input(area, { target: { value: 'Twenty minutes of careful writing' } });
    await waitFor(() => expect(onData).toHaveBeenLastCalledWith({ story: 'Twenty minutes of careful writing' }));
    view.unmount();
  });

  it('keeps the answers typed since it opened when the language changes', async () => {
    const view = render(form({}, 'it'));
    await within(view.container).findByText('Tell us your story');
    // The step hands the form the answers as saved since: { story: 'my story' }.
    view.rerender(form({ story: 'my story' }, 'en'));
    await waitFor(() =>
      expect((view.container.querySelector('textarea') as HTMLTextAreaElement).value).toBe('my story'),
    );
    view.unmount();
  });
  it('shows no error while an answer is being typed, and shows it when the wizard asks (Next)', async () => {
    const email = {
      pages: [
        {
          elements: [
            { type: 'text', name: 'mail', title: 'Your e-mail', isRequired: true, validators: [{ type: 'email' }] },
          ],
        },
      ],
    };
    let reveal: () => void = () => {};
    const view = render(
      <MantineProvider>
        <SurveyForm
          model={email}
          data={{}}
          locale="en"
          readOnly={false}
          registerReveal={(r) => {
            reveal = r;
            return () => {};
          }}
        />
      </MantineProvider>,
    );
    const page = within(view.container);
    await page.findByText('Your e-mail');
    const input = view.container.querySelector('input') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'a' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    reveal();
    await waitFor(() => expect(view.container.querySelector('[role="alert"]')).not.toBeNull());
    view.unmount();
  });
  it("puts an applicant's answer into an HTML question as text, never as markup", async () => {
    const withHtml = {
      pages: [
        {
          elements: [
            { type: 'text', name: 'q1', title: 'Name' },
            { type: 'matrixdynamic', name: 'q3', title: 'Rows', columns: [{ name: 'who', cellType: 'text' }] },
            { type: 'html', name: 'echo', html: '<p>You wrote: <strong>{q1}</strong></p><p id="rows">{q3}</p>' },
          ],
        },
      ],
    };
    const typed = '<a href="https://evil.example">click</a><img src="x"> {q2}';
    const view = render(
      <MantineProvider>
        <SurveyForm
          model={withHtml}
          data={{ q1: typed, q2: '<em>two</em>', q3: [{ who: '<b>row</b>' }] }}
          locale="en"
          readOnly
        />
      </MantineProvider>,
    );
    const strong = await waitFor(() => {
      const found = view.container.querySelector('strong');
      if (!found) throw new Error('not rendered yet');
      return found;
    });
    expect(strong.textContent).toBe(typed);
    expect(view.container.querySelector('a[href="https://evil.example"]')).toBeNull();
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.querySelector('em')).toBeNull();
    // A matrix's rows go in as their text too.
    expect(view.container.querySelector('#rows b')).toBeNull();
    expect(view.container.querySelector('#rows')?.textContent).toContain('<b>row</b>');
    view.unmount();
  });
});
