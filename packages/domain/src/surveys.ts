import { z } from 'zod';
import { SURVEY_MODEL_LIMITS } from './limits/survey-model-bounds';
import { MAX_PAGE_SIZE } from './paging';
import type { TContentIssue } from './step-types/definition';
import { checkSurveyContent } from './step-types/survey';

/** A SurveyJS model as admins save it: any JSON object, stored unchanged (SPEC 2, 8). */
export const ZSurveyModelText = z
  .string()
  .max(SURVEY_MODEL_LIMITS.maxLength)
  .superRefine((s, ctx) => {
    const check = s.trim() === '' ? { ok: false as const, issues: [{ path: '' }] } : checkSurveyContent(s);
    if (check.ok) return;
    const issue: TContentIssue | undefined = check.issues[0];
    ctx.addIssue({
      code: 'custom',
      message: issue?.messageKey ?? 'errors.surveys.modelInvalid',
      ...(issue?.params ? { params: issue.params } : {}),
    });
  });

/** SPEC 7 POST SJSurvey/CreateSurveyType (name, description), plus the model it saves. */
export const ZCreateSurveyTypeRequest = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(2000),
  /** The model; a new type without one starts from an empty survey. */
  model: ZSurveyModelText.optional(),
  /** A quiz is a survey with correct answers (SPEC 3). */
  isQuiz: z.boolean().optional(),
});
export type TCreateSurveyTypeRequest = z.infer<typeof ZCreateSurveyTypeRequest>;

export const ZUpdateSurveyTypeRequest = ZCreateSurveyTypeRequest.extend({ id: z.uuid(), model: ZSurveyModelText });
export type TUpdateSurveyTypeRequest = z.infer<typeof ZUpdateSurveyTypeRequest>;

/** A saved survey (or quiz) an admin picks for a step of a call. */
export const ZSurveyType = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  model: z.string(),
  isQuiz: z.boolean(),
  updatedAt: z.string(),
});
export type TSurveyType = z.infer<typeof ZSurveyType>;

export const ZSurveyTypeListItem = ZSurveyType.omit({ model: true });
export type TSurveyTypeListItem = z.infer<typeof ZSurveyTypeListItem>;

export const ZSurveyTypeListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export const SURVEY_TYPE_PAGE_SIZE = 50;

/** SPEC 7 GET Call/GetStepResultByCall (admin): one step's answers across a call, paged by the server. */
export const ZStepResultByCallQuery = z.object({
  callId: z.uuid(),
  StepId: z.uuid(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type TStepResultByCallQuery = z.infer<typeof ZStepResultByCallQuery>;
export const STEP_RESULT_BY_CALL_PAGE_SIZE = 100;

export const ZStepResultByCallItem = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  stepId: z.uuid(),
  /** SPEC 3 "Step result view". */
  stepStepTypeName: z.string(),
  content: z.string(),
  score: z.number().nullable(),
  updatedAt: z.string(),
});
export type TStepResultByCallItem = z.infer<typeof ZStepResultByCallItem>;

/** SPEC 3 "Quiz result", one question of the recap. */
export const ZQuizRecapItem = z.object({ name: z.string(), title: z.string(), correct: z.boolean() });
export const ZQuizResult = z.object({
  stepId: z.uuid(),
  stepName: z.string(),
  recap: z.array(ZQuizRecapItem),
  correctAnswersCount: z.number().int(),
  questionCount: z.number().int(),
  score: z.number(),
});
export type TQuizResult = z.infer<typeof ZQuizResult>;

/** SPEC 3 "Score range result" of an impact step. */
export const ZScoreRangeResult = z.object({
  stepId: z.uuid(),
  stepName: z.string(),
  lowerScore: z.number().nullable(),
  upperScore: z.number().nullable(),
});
export type TScoreRangeResult = z.infer<typeof ZScoreRangeResult>;

/** The results step and the closing page: computed by the server, hidden while the call is locked. */
export const ZSubmissionResults = z.object({
  locked: z.boolean(),
  lockEnd: z.string().nullable(),
  scoreRanges: z.array(ZScoreRangeResult),
  quizzes: z.array(ZQuizResult),
  /** The call has quizzes whose recaps the applicant sees once the application is submitted. */
  quizzesAfterSubmit: z.boolean().optional(),
});
export type TSubmissionResults = z.infer<typeof ZSubmissionResults>;
