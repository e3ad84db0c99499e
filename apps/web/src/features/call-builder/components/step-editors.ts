import type { ComponentType } from 'react';
import { ImpactStepEditor } from './impact-step-editor';
import type { StepEditorProps } from './step-editor-props';
import { SurveyStepEditor } from './survey-step-editor';
import { TextStepEditor } from './text-step-editor';
import { UploadStepEditor } from './upload-step-editor';

/**
 * The call builder's part of the step-type registry (packages/domain/src/step-types): the content
 * editor of each type. Types without one (results, types admins added) get the raw content field.
 */
const editors: Record<string, ComponentType<StepEditorProps>> = {
  text: TextStepEditor,
  upload: UploadStepEditor,
  miniDyi: ImpactStepEditor,
  survey: SurveyStepEditor,
  quiz: SurveyStepEditor,
};

export function stepEditorOf(name: string | undefined): ComponentType<StepEditorProps> | undefined {
  return name ? editors[name] : undefined;
}
