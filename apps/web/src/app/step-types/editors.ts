import type { TStepTypeName } from '@impact/domain';
import type { ComponentType } from 'react';
import { TextStepEditor } from '../../features/call-builder/components/text-step-editor';
import { UploadStepEditor } from '../../features/call-builder/components/upload-step-editor';
import { ImpactStepEditor } from '../../features/impact/components/impact-step-editor';
import type { StepEditorProps } from '../../features/step-kit/step-type-kit';
import { SurveyStepEditor } from '../../features/surveys/components/survey-step-editor';

/** The call editor's content editor of each type; null: the raw content field (nothing to edit). */
export const STEP_EDITORS = {
  text: TextStepEditor,
  upload: UploadStepEditor,
  miniDyi: ImpactStepEditor,
  survey: SurveyStepEditor,
  quiz: SurveyStepEditor,
  results: null,
} satisfies Record<TStepTypeName, ComponentType<StepEditorProps> | null>;
