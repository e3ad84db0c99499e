import { anyContent, noProblems, sameContent, type TStepTypeDefinition } from './definition';

/** SPEC 3: shows the applicant the results the server computed; nothing to answer. */
export const resultsStepType: TStepTypeDefinition<'results'> = {
  name: 'results',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: '',
  parseContent: anyContent,
  answerSchema: null,
  serverKeptAnswer: true,
  answerProblems: noProblems,
  applicantContent: sameContent,
  scored: false,
};
