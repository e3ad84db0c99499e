import { ZBudgetContent } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { BudgetStepEditor } from './budget-step-editor';

beforeAll(async () => {
  await initI18n('en');
});

let latest = '';
function Harness() {
  const [content, setContent] = useState('');
  latest = content;
  return (
    <MantineProvider>
      <BudgetStepEditor content={content} onChange={setContent} showErrors />
    </MantineProvider>
  );
}

describe("the call editor's budget step", () => {
  it('starts from the default categories, takes periods, the caps in percent and a category named in three languages', {
    timeout: 30_000,
  }, () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Use the default categories' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Periods/ }), { target: { value: '2027, 2028' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Largest contribution/ }), { target: { value: '80000' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Smallest co-funding/ }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a category' }));
    const names = screen.getAllByRole('textbox', { name: /^Name \(/ });
    const [it, en, fr] = names.slice(-3);
    fireEvent.change(it as HTMLElement, { target: { value: 'Comunicazione' } });
    fireEvent.change(en as HTMLElement, { target: { value: 'Communication' } });
    fireEvent.change(fr as HTMLElement, { target: { value: 'Communication' } });
    const content = ZBudgetContent.parse(JSON.parse(latest));
    expect(content.periods).toEqual(['2027', '2028']);
    expect(content.maxRequested).toBe(80000);
    expect(content.minCoFundingShare).toBe(0.2);
    expect(content.categories.map((c) => c.id)).toEqual([
      'staff',
      'travel',
      'equipment',
      'services',
      'overheads',
      'category6',
    ]);
    expect(content.categories.find((c) => c.id === 'overheads')?.maxShare).toBe(0.1);
    expect(content.categories[5]?.name).toEqual({ it: 'Comunicazione', en: 'Communication', fr: 'Communication' });
  });

  it('says at each field what is wrong: an empty period list, a repeated identifier', { timeout: 30_000 }, () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Use the default categories' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Periods/ }), { target: { value: '' } });
    const ids = screen.getAllByRole('textbox', { name: 'Identifier' });
    fireEvent.change(ids[1] as HTMLElement, { target: { value: 'staff' } });
    expect(screen.getByRole('textbox', { name: /^Periods/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter at least one period.')).toBeTruthy();
    expect(ids[0]?.getAttribute('aria-invalid')).not.toBe('true');
    expect(ids[1]?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Two categories have the same identifier.')).toBeTruthy();
  });
});
