import type { TJsonObject } from '@impact/domain';
import type { ComponentType } from 'react';

/** What the screener tab needs of the surveys feature's visual builder (app/ passes it; 0022). */
export type ScreenerBuilderComponent = ComponentType<{
  value: string;
  onChange: (text: string) => void;
  quiz: boolean;
  preview: 'beside' | 'tab';
  headingLevel?: 2 | 3 | 4;
}>;

/** The builder's condition pickers, for a rule outside the survey (app/ passes them). */
export type RuleConditionComponent = ComponentType<{
  expression: string;
  onChange: (expression: string) => void;
  model: TJsonObject;
  variables: TJsonObject[];
  lang: 'it' | 'en' | 'fr';
  label: string;
  idPrefix: string;
  error?: string;
  addLabel?: string;
}>;
