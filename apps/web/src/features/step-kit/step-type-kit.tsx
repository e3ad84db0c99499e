import { stepTypeDefinition, type TPdfSection, type TReviewWorkspace, type TUserStep } from '@impact/domain';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { StepProps } from './step-props';

/**
 * The web app's parts of the step-type registry (packages/domain/src/step-types): what the wizard,
 * the call editor and the reviewer's page show of each type. The features use these through the
 * contexts below and never name a type; `app/step-types/` composes one entry per type from the
 * features that draw them (a shipped type without one fails to compile there).
 */

/** The wizard's part of a type. */
export type WizardStepType = {
  Step: ComponentType<StepProps>;
  /** Checks only the page can make, added to the shared ones (translation keys). */
  extraProblems?: (step: TUserStep) => string[];
  /** Asks the step to show its own errors when Next was refused. */
  reveal?: (step: TUserStep) => void;
  /** Fetches the component's file ahead of time, for a type whose component comes in its own. */
  preload?: () => void;
};

/** What the step form gives the content editor of each step type. */
export type StepEditorProps = {
  content: string;
  onChange: (content: string) => void;
  showErrors: boolean;
  /**
   * Changes the step's type by name, keeping the content (a survey step given a quiz survey type
   * becomes a quiz, which the step-type picker does not offer, SPEC 3).
   */
  switchType?: (typeName: string) => void;
};

/** What the reviewer's page gives the section of each step (already redacted under blind review). */
export type ReviewSectionProps = {
  section: TPdfSection;
  workspace: TReviewWorkspace;
  /** Downloads one of the submission's files, as this reviewer may. */
  downloadFile: (downloadId: string, fileName: string) => void;
};

/** A registry of one layer: by type name; a type this version does not know has no entry. */
export type StepTypeParts<T> = Readonly<Record<string, T | null | undefined>>;

const WizardTypes = createContext<StepTypeParts<WizardStepType>>({});
const EditorTypes = createContext<StepTypeParts<ComponentType<StepEditorProps>>>({});
const ReviewTypes = createContext<StepTypeParts<ComponentType<ReviewSectionProps>>>({});

type ProviderProps<T> = { types: StepTypeParts<T>; children: ReactNode };
export const WizardStepTypesProvider = ({ types, children }: ProviderProps<WizardStepType>) => (
  <WizardTypes.Provider value={types}>{children}</WizardTypes.Provider>
);
export const StepEditorsProvider = ({ types, children }: ProviderProps<ComponentType<StepEditorProps>>) => (
  <EditorTypes.Provider value={types}>{children}</EditorTypes.Provider>
);
export const ReviewSectionsProvider = ({ types, children }: ProviderProps<ComponentType<ReviewSectionProps>>) => (
  <ReviewTypes.Provider value={types}>{children}</ReviewTypes.Provider>
);

export const useWizardStepTypes = () => useContext(WizardTypes);
/** The content editor of a type (none: the raw content field). */
export function useStepEditor(name: string | undefined) {
  const editors = useContext(EditorTypes);
  return (name ? editors[name] : null) ?? null;
}
/** The reviewer's section of a type (none: "in the PDF"). */
export const useReviewSections = () => useContext(ReviewTypes);

/** Fetches the files of the step types these steps use (the wizard calls it once it is idle). */
export function preloadStepTypes(types: StepTypeParts<WizardStepType>, steps: readonly TUserStep[]) {
  for (const step of steps) types[step.stepType?.name ?? '']?.preload?.();
}

/**
 * What keeps Next from leaving the step's sub-step (or the step from being submitted): the shared
 * rules of the type, and what the page alone can check. Translation keys, without repeats.
 */
export function stepProblems(
  types: StepTypeParts<WizardStepType>,
  step: TUserStep,
  content: string | undefined,
  subStep?: number,
): string[] {
  const name = step.stepType?.name;
  const shared = stepTypeDefinition(name).answerProblems(step, content, subStep);
  return [...new Set([...shared, ...(types[name ?? '']?.extraProblems?.(step) ?? [])])];
}

/**
 * Which steps the menu ticks as done: those with nothing left to fix. A step the applicant
 * answers nothing in (the results step, types this version does not know) is done only once every
 * step before it is: otherwise the results step showed a tick before anything was filled.
 */
export function stepsDone(
  types: StepTypeParts<WizardStepType>,
  steps: readonly TUserStep[],
  contentOf: (step: TUserStep) => string | undefined,
): boolean[] {
  const done: boolean[] = [];
  for (const [index, step] of steps.entries()) {
    const answersNothing = stepTypeDefinition(step.stepType?.name).answerSchema === null;
    const fine = stepProblems(types, step, contentOf(step)).length === 0;
    done.push(fine && (!answersNothing || done.slice(0, index).every(Boolean)));
  }
  return done;
}
