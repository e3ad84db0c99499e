import { isKnownStepType, type TContentIssue, type TStepTypeName } from '@impact/domain';
import type { ComponentType } from 'react';
import { BudgetStepEditor } from './budget-step-editor';
import { ImpactStepEditor } from './impact-step-editor';
import type { StepEditorProps } from './step-editor-props';
import { SurveyStepEditor } from './survey-step-editor';
import { TextStepEditor } from './text-step-editor';
import { UploadStepEditor } from './upload-step-editor';

/**
 * The call builder's part of the step-type registry (packages/domain/src/step-types): the content
 * editor of each type. Types without one (results, types admins added) get the raw content field.
 */
const shipped = {
  text: TextStepEditor,
  upload: UploadStepEditor,
  miniDyi: ImpactStepEditor,
  survey: SurveyStepEditor,
  quiz: SurveyStepEditor,
  results: null,
  budget: BudgetStepEditor,
  // Nothing to set up: the indicators come from the application the report answers for.
  impactActuals: null,
} satisfies Record<TStepTypeName, ComponentType<StepEditorProps> | null>;

const editors: Record<string, ComponentType<StepEditorProps> | null> = { ...shipped };

/** Adds the content editor of a type registered with the domain beyond those shipped (see `registerStepType`). */
export function registerStepEditor(name: string, editor: ComponentType<StepEditorProps>): void {
  if (!isKnownStepType(name) || Object.hasOwn(editors, name))
    throw new Error(`step type ${name} is unknown or has its editor`);
  editors[name] = editor;
}

/** A type's content editor; null when it has nothing to set up, undefined when it has none (the raw content field). */
export function stepEditorOf(name: string | undefined): ComponentType<StepEditorProps> | null | undefined {
  return name && Object.hasOwn(editors, name) ? editors[name] : undefined;
}

/**
 * Whether the type's editor says each of these problems at the field to mend (the impact step's
 * framework, the budget's fields, an upload's file names and sizes): the step form then adds no
 * message of its own, which said the same thing twice or only "not valid for its type". The
 * upload editor marks only a file's name and size; any other problem (content it cannot show)
 * still gets the form's message, or Save would be refused without a word.
 */
const namingTheirProblems: Record<string, (issues: TContentIssue[]) => boolean> = {
  miniDyi: () => true,
  budget: () => true,
  upload: (issues) => issues.every((issue) => /^\d+\.(file_name|dimensions)$/.test(issue.path)),
} satisfies Partial<Record<TStepTypeName, (issues: TContentIssue[]) => boolean>>;

export function editorNamesContentProblems(name: string | undefined, issues: TContentIssue[]): boolean {
  return name !== undefined && Object.hasOwn(namingTheirProblems, name) && namingTheirProblems[name]?.(issues) === true;
}
