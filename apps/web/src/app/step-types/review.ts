import type { TStepTypeName } from '@impact/domain';
import type { ComponentType } from 'react';
import type { ReviewSectionProps } from '../../features/step-kit/review-sections';
import { BudgetReview } from '../../features/step-types/budget/budget-review';
import { ImpactReview } from '../../features/step-types/impact/impact-review';
import { ImpactActualsReview } from '../../features/step-types/impact-actuals/impact-actuals-review';
import { SurveyReview } from '../../features/step-types/survey/survey-review';
import { TextReview } from '../../features/step-types/text/text-review';
import { UploadReview } from '../../features/step-types/upload/upload-review';

/**
 * The reviewer's section of each type. null leaves the step out (the results step: its figures
 * are computed when read, not part of what was sent); a type this version does not know points to
 * the PDF.
 */
export const REVIEW_SECTIONS = {
  text: TextReview,
  upload: UploadReview,
  miniDyi: ImpactReview,
  survey: SurveyReview,
  quiz: SurveyReview,
  results: null,
  budget: BudgetReview,
  impactActuals: ImpactActualsReview,
} satisfies Record<TStepTypeName, ComponentType<ReviewSectionProps> | null>;
