import type { TUserStep } from '@impact/domain';
import { useTranslation } from 'react-i18next';

/**
 * A step's name as the wizard shows it: marked with its language when it is not the page's (not
 * written in the reader's), or "Step n" when the step has none.
 */
export function StepName({ step, n }: { step: Pick<TUserStep, 'name' | 'textLanguages'>; n: number }) {
  const { t } = useTranslation();
  if (!step.name) return t('applying.untitledStep', { n });
  return <span lang={step.textLanguages?.name}>{step.name}</span>;
}
