import type { TStepTypeName } from '@impact/domain';
import type { WizardStepType } from '../../features/step-kit/step-type-kit';
import { lazyStep } from '../../features/step-types/lazy-step';
import { TextStep } from '../../features/step-types/text/text-step';
import { UploadStep } from '../../features/step-types/upload/upload-step';
import { ResultsStep } from '../../features/surveys/components/results-step';
import { surveyValidity } from '../../features/surveys/survey-validity';

// The text and upload steps come with the wizard (most calls open on them), and the results step
// (a few lists, which the closing page shows too); the impact and survey steps, with their number
// inputs, selects, charts and form library, in files of their own (lazy-step.tsx), fetched once
// the wizard is idle (preloadStepTypes).
const impact = lazyStep(() => import('../../features/impact/components/impact-step').then((m) => m.ImpactStep));
const survey = lazyStep(() => import('../../features/surveys/components/survey-step').then((m) => m.SurveyStep));

const surveyLike: Omit<WizardStepType, 'Step'> = {
  // The form's own silent check (required visible questions, validators, selection limits).
  extraProblems: (step) => surveyValidity.get(step.id) ?? [],
  reveal: (step) => surveyValidity.reveal(step.id),
};

/** The wizard's step of each type; a type this version does not know says "not implemented". */
export const WIZARD_STEP_TYPES = {
  text: { Step: TextStep },
  upload: { Step: UploadStep },
  miniDyi: impact,
  survey: { ...survey, ...surveyLike },
  quiz: { ...survey, ...surveyLike },
  results: { Step: ResultsStep },
} satisfies Record<TStepTypeName, WizardStepType>;
