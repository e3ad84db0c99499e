import type { TJsonObject } from '@impact/domain';
import { Loader } from '@mantine/core';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewBoundary } from '../../components/preview-boundary';
import type { TSurveyLanguage } from '../model/localised';

const SurveyForm = lazy(() => import('../../../step-kit/survey-form'));

type Props = { model: TJsonObject; lang: TSurveyLanguage; headingLevel: number };

/** The survey as applicants will see it, in the language being written; it follows edits a moment behind. */
export function SurveyPreview({ model, lang }: Props) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(model);
  return (
    <PreviewBoundary key={`${lang}:${JSON.stringify(deferred)}`} message={t('surveys.invalidModel')}>
      <Suspense fallback={<Loader />}>
        <SurveyForm model={deferred} data={{}} locale={lang} readOnly={false} />
      </Suspense>
    </PreviewBoundary>
  );
}
