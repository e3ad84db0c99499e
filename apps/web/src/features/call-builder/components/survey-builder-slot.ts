import { type ComponentType, createContext } from 'react';

/** What the call builder needs of the surveys feature's visual builder (app/ passes it; 0022). */
export type SurveyBuilderComponent = ComponentType<{
  value: string;
  onChange: (text: string) => void;
  quiz: boolean;
  preview: 'beside' | 'tab';
  headingLevel?: 2 | 3 | 4;
}>;

/** The survey builder given to the call editor, read by the survey and quiz step editors; null shows the JSON box alone. */
export const SurveyBuilderSlot = createContext<SurveyBuilderComponent | null>(null);
