import { z } from 'zod';
import { ZCallTranslations, ZStepTranslations } from './content-translations';
import { ZLanguage } from './languages';

/** The PDF's file name (SPEC 9). */
export const PDF_FILE_NAME = 'questions_answers.pdf';

/** One step of the submission as the PDF shows it (SPEC 3 "PDF export data": sectionsForPDF). */
export const ZPdfSection = z.object({
  stepId: z.string(),
  sectionName: z.string(),
  /** The step type's name (text, upload, miniDyi, survey, quiz, results…): picks the renderer. */
  stepType: z.string(),
  /** The step's definition as stored (a text step's question, a survey's model): JSON text. */
  questions: z.string(),
  /** The applicant's answer as stored: JSON text ('' when unanswered). */
  answers: z.string(),
  /** The step's texts in the other languages, frozen with it: the PDF is written in any language later. */
  translations: ZStepTranslations.optional(),
});
export type TPdfSection = z.infer<typeof ZPdfSection>;

export const ZPdfAttachment = z.object({
  attachmentTitle: z.string(),
  fileName: z.string(),
  description: z.string(),
  stepName: z.string(),
  /** The file as submitted (records frozen before it was kept have none): kept while a record lists it. */
  fileDownloadId: z.uuid().optional(),
});
export type TPdfAttachment = z.infer<typeof ZPdfAttachment>;

const ZPdfIndicator = z.object({
  indicatorName: z.string(),
  indicatorTargetValue: z.number().nullable(),
  proxyName: z.string(),
  proxyValue: z.number().nullable(),
});
const ZPdfOutcome = z.object({
  outcomeName: z.string(),
  stakeholderName: z.string(),
  sdg: z.number().int().nullable(),
  indicators: z.array(ZPdfIndicator),
});
/** The SROI range of an impact design: central score between low and high (null without budget). */
export const ZPdfSroi = z.object({
  score: z.number().nullable(),
  lowerScore: z.number().nullable(),
  upperScore: z.number().nullable(),
  overThreshold: z.boolean(),
});
export const ZPdfMiniDyi = z.object({
  stepId: z.string(),
  StepName: z.string(),
  budget: z.number().nullable(),
  budgetSpent: z.number().nullable(),
  sdg: z.array(z.number().int()),
  selectedOutcomes: z.array(ZPdfOutcome),
  sroi: ZPdfSroi,
});
export type TPdfMiniDyi = z.infer<typeof ZPdfMiniDyi>;

/** SPEC 3 "PDF export data", what GET Call/GetAllAnswerForPdf answers and a closing freezes. */
export const ZPdfExportData = z.object({
  callName: z.string(),
  configLogo: z.string().nullable(),
  configLogoWidth: z.number(),
  configLogoHeight: z.number(),
  submittedBy: z.string(),
  submissionDateTime: z.string().nullable(),
  submissionId: z.uuid(),
  /** The application's reference (`submissionReference`; records frozen before have none). */
  reference: z.string().optional(),
  orgName: z.string(),
  pIva: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  userReferenteNome: z.string(),
  userReferenteCognome: z.string(),
  userReferenteRuolo: z.string(),
  userReferenteEmail: z.string(),
  sectionsForPDF: z.array(ZPdfSection),
  attachments: z.array(ZPdfAttachment),
  miniDyi: z.array(ZPdfMiniDyi),
  /** The call's name in the other languages (records frozen before translations have none). */
  translations: ZCallTranslations.optional(),
  /** A grant's report (its call is the report's form): the PDF is headed "Report" (records frozen before say nothing). */
  report: z.boolean().optional(),
});
export type TPdfExportData = z.infer<typeof ZPdfExportData>;

export const ZPdfDataQuery = z.object({ callId: z.uuid(), submissionId: z.uuid().optional() });

/** GET Call/GetSubmissionPdf: the latest record, or one named by recordId; labels in `lang`. */
export const ZSubmissionPdfQuery = z.object({
  submissionId: z.uuid(),
  recordId: z.uuid().optional(),
  /** The latest record of this stage (a two-stage call has one per stage); ignored with recordId. */
  stage: z.enum(['1', '2']).optional(),
  lang: ZLanguage.optional(),
});

/** One frozen record: what was submitted at one closing (a reopened and re-closed submission has several). */
export const ZSubmissionRecord = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  closedAt: z.string(),
  closedByEmail: z.string(),
  language: ZLanguage,
  /** Which stage this closing submitted (1 unless the call has a second stage). */
  stage: z.number().int(),
});
export type TSubmissionRecord = z.infer<typeof ZSubmissionRecord>;
