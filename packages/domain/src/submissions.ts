import { z } from 'zod';
import { ZCall } from './calls';
import { ZTextLanguages } from './content-translations';
import { ZLanguage } from './languages';
import { ZDecisionOutcome } from './review';
import { ZStageNumber } from './stages';
import { ZStep } from './steps';
import { FILE_DESCRIPTION_MAX } from './uploads';

/** Who saved a step's answer: a name to show a team (never an e-mail), and the id a reader tells their own saves by. */
export const ZStepAuthor = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** Who it is: a reader compares it with their own id to say "you" (another tab, another device). */
  id: z.uuid().optional(),
});
export type TStepAuthor = z.infer<typeof ZStepAuthor>;

/** SPEC 3 "StepResult" as the applicant's client sees it; `version` guards against stale writes. */
export const ZStepResult = z.object({
  id: z.uuid(),
  callSubmissionId: z.uuid(),
  stepId: z.uuid(),
  content: z.string(),
  /** Hidden (null) from applicants while the call is locked (SPEC 1, 4 "Call lock"). */
  score: z.number().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Who saved this version (a team member); null when unknown (older rows, an erased account). */
  updatedBy: ZStepAuthor.nullable().optional(),
});
export type TStepResult = z.infer<typeof ZStepResult>;

/** SPEC 3 "Submission". */
export const ZSubmission = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  callId: z.uuid(),
  callCallTypeId: z.uuid(),
  organizationId: z.uuid(),
  stepResults: z.array(ZStepResult),
  /** The stage reached: 2 once invited to the second stage (decision 0034). `closed` is stage 1's. */
  stage: ZStageNumber,
  /** The second stage's deadline, and when it was submitted (null: not yet). */
  stageClosingAt: z.string().nullable(),
  stageClosedAt: z.string().nullable(),
  /** Whose application it is: only in the administrator's read (GetSubmissionByIDAdmin). */
  organizationName: z.string().optional(),
  /** Only in the administrator's read, on a grant's report: the grant (the reader speaks of a report). */
  reportGrantId: z.uuid().optional(),
  /**
   * Present (true) on a grant's report whose grant is closed: it is no longer asked for, written
   * nor sent (decision 0052), so the wizard shows it read-only.
   */
  reportOfClosedGrant: z.literal(true).optional(),
  /** Its reference (`submissionReference`), read out on the phone and searched by the funder. */
  reference: z.string().optional(),
});
export type TSubmission = z.infer<typeof ZSubmission>;

/**
 * An application's reference in receipts, the PDF and the funder's lists: the year it was started
 * and its number, which counts every application of the platform in order ("2026-00042"); never
 * reused, gaps possible. Five digits where a grant's reference has four: the two are not read
 * one for the other.
 */
export function submissionReference(number: number, createdAt: Date | string): string {
  // The year as the server's clock reads it (the platform's time zone), as a grant's.
  return `${new Date(createdAt).getFullYear()}-${String(number).padStart(5, '0')}`;
}

/** The number a typed reference names ("2026-00042", "00042", "42"), or null when it names none. */
export function submissionNumberIn(search: string): number | null {
  const match = /^\s*(?:\d{4}-)?0*(\d{1,9})\s*$/.exec(search);
  const number = match ? Number(match[1]) : 0;
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}

/** SPEC 7 POST Call/UpsertCallSubmission: the organization comes from the body or X-Organization-Id. */
export const ZUpsertSubmissionRequest = z.object({ callId: z.uuid(), organizationId: z.uuid().optional() });
export const ZUpsertSubmissionResponse = z.object({ id: z.uuid(), closed: z.boolean() });

/** Largest answer of one step (text, survey JSON, impact design): generous, but bounded. */
export const STEP_RESULT_MAX_LENGTH = 500_000;

/** SPEC 7 POST Call/UpsertCallStepResult. `version` is the one the edit started from (0: none yet). */
export const ZUpsertStepResultRequest = z.object({
  callSubmissionId: z.uuid(),
  stepId: z.uuid(),
  content: z.string().max(STEP_RESULT_MAX_LENGTH),
  score: z.number().finite().nullable().optional(),
  version: z.number().int().min(0),
});
export type TUpsertStepResultRequest = z.infer<typeof ZUpsertStepResultRequest>;

/** `language`: the applicant's interface language, for the receipt e-mail and the PDF's labels. */
export const ZCloseSubmissionRequest = z.object({ submissionId: z.uuid(), language: ZLanguage.optional() });

/**
 * A text step's answer: `answer` for a one-question step (the original shape), `answers` keyed by
 * question id for a step with several.
 */
export const ZTextAnswer = z.union([
  z.object({ answer: z.string() }),
  z.object({ answers: z.record(z.string().max(40), z.string()) }),
]);
export type TTextAnswer = z.infer<typeof ZTextAnswer>;

/** An upload step's answer, kept by the server as files arrive: which file fills which slot. */
export const ZUploadAnswer = z.object({
  files: z.array(
    z.object({ slot: z.string(), fileDownloadId: z.uuid(), fileName: z.string(), description: z.string() }),
  ),
});
export type TUploadAnswer = z.infer<typeof ZUploadAnswer>;

/**
 * What an applicant sees of a step and of a call: the response schema itself leaves out the
 * admin-only fields (a quiz's answer key, the e-mail filter's addresses, the admin report ids),
 * so the serializer drops them whatever the service hands it.
 */
/** Applicants read the texts of their language in the fields themselves: no answer key, no translations. */
export const ZUserStep = ZStep.omit({ expectedAnswers: true, translations: true }).extend({
  /** Name and description shown in another language than the reader's (the default's), with it. */
  textLanguages: ZTextLanguages.optional(),
});
export type TUserStep = z.infer<typeof ZUserStep>;
export const ZUserCall = ZCall.omit({
  userFilterEmail: true,
  powerBIReportID: true,
  powerBIWorkspaceID: true,
  steps: true,
  translations: true,
}).extend({
  steps: z.array(ZUserStep),
  /** The stage the organization reached (1 until invited to stage 2); the steps listed stop there. */
  submissionStage: ZStageNumber,
  /** The second stage's own deadline, once invited; null before. */
  stageClosingAt: z.string().nullable(),
  /** Whether the second stage was submitted. `submissionClosed` is stage 1's. */
  stageClosed: z.boolean(),
  /** Only on a report's form (decision 0044): the grant the report is for; the wizard speaks of a report. */
  reportGrantId: z.uuid().optional(),
  /** Name and description shown in another language than the reader's (the default's), with it. */
  textLanguages: ZTextLanguages.optional(),
});
export type TUserCall = z.infer<typeof ZUserCall>;

/** SPEC 7 FileUpload/UploadFile answer. */
export const ZUploadResult = z.object({ fileName: z.string(), fileDownloadId: z.uuid() });

/** POST FileUpload/UpdateDescription: an uploaded file's description, changed without uploading it again. */
export const ZUpdateFileDescriptionRequest = z.object({
  downloadId: z.uuid(),
  // Kept to FILE_DESCRIPTION_MAX characters by the server, as an upload's is.
  description: z.string().max(FILE_DESCRIPTION_MAX * 2),
});
export type TUpdateFileDescriptionRequest = z.infer<typeof ZUpdateFileDescriptionRequest>;
export const ZFileDescription = z.object({ fileDownloadId: z.uuid(), description: z.string() });

/** SPEC 3 attachment rows. */
export const ZAttachmentRow = z.object({
  fileName: z.string(),
  nomeAllegato: z.string(),
  tipoAllegatoName: z.string(),
  descrizione: z.string(),
  fileDownloadId: z.uuid(),
  /** A file a submitted record keeps that the application's answer has since replaced or removed. */
  replaced: z.boolean().optional(),
  stepId: z.uuid().nullable(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type TAttachmentRow = z.infer<typeof ZAttachmentRow>;

export const ZAttachmentType = z.object({ id: z.number().int(), attachedType: z.string() });

/** The admin submissions tab. */
export const ZSubmissionListItem = z.object({
  id: z.uuid(),
  callId: z.uuid(),
  callName: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  closed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The stage reached (2 once invited), its deadline and submission (decision 0034). */
  stage: ZStageNumber,
  stageClosingAt: z.string().nullable(),
  stageClosedAt: z.string().nullable(),
  /** Whether the call has a second stage: a single-stage call's rows name no stage. */
  twoStage: z.boolean(),
  /** The decision recorded, if any (review), whether or not the applicant sees it yet. */
  outcome: ZDecisionOutcome.nullable(),
  /** The due date of the request for changes open on it (decision 0039), if one is. */
  changesDueAt: z.string().nullable(),
  /** Its reference (`submissionReference`). */
  reference: z.string().optional(),
});
export type TSubmissionListItem = z.infer<typeof ZSubmissionListItem>;

/** Which organization's e-mail list lets a user see a call (SPEC 1, 6): case-insensitive, spaces trimmed. */
export function emailAllowedByFilter(filter: { isUserFilterEnable: boolean; userFilterEmail: string }, email: string) {
  if (!filter.isUserFilterEnable) return true;
  const me = email.trim().toLowerCase();
  return filter.userFilterEmail
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .includes(me);
}
