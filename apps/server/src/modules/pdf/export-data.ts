import {
  stepsUpToStage,
  stepTypeDefinition,
  submissionReference,
  type TConfig,
  type TPdfAttachment,
  type TPdfExportData,
  type TPdfMiniDyi,
  type TStep,
} from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizations, stepResults, users } from '../../db/schema';
import { stepsOfCallTypes } from '../calls/call-types';
import { getActiveConfig } from '../config/service';
import { serverStepType } from '../step-types';
import type { CallRow, SubmissionRow } from '../submission-core/access';
import { isGrantReport } from '../submission-core/approved-report';

type OrganizationRow = typeof organizations.$inferSelect;

/** What a record is made of, read by its caller (the close reads them its own way). */
export type ExportParts = {
  call: Pick<CallRow, 'name' | 'translations'>;
  submissionId: string;
  /** The application's reference (`submissionReference`). */
  reference: string;
  organization: Pick<
    OrganizationRow,
    | 'name'
    | 'regNumber'
    | 'streetName'
    | 'cityName'
    | 'country'
    | 'contactName'
    | 'contactSurname'
    | 'contactRole'
    | 'contactEmail'
  >;
  submitter: { firstName: string; lastName: string; email: string } | null;
  steps: TStep[];
  answers: Map<string, string>;
  logo: Pick<TConfig, 'logoBase64' | 'logoWidth' | 'logoHeight'>;
  submittedAt: Date | null;
  /** A grant's report: its record says so, and its PDF is headed as one. */
  report: boolean;
};

/**
 * SPEC 3 "PDF export data" of one submission as it is now: the call, the organization and its
 * contact, the active branding's logo, every step's definition and answer in step order, the
 * attached files and the impact designs. The submitter is who closes it (or who started it).
 */
export async function buildExportData(
  db: Db | Tx,
  submission: SubmissionRow,
  call: CallRow,
  submitterUserId: string,
  submittedAt: Date | null,
  /** The stage reached: the steps of later stages are not part of it (decision 0034). */
  stage: number,
): Promise<TPdfExportData> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, submission.organizationId));
  if (!org) throw new Error('submission without organization');
  const [who] = await db.select().from(users).where(eq(users.id, submitterUserId)).limit(1);
  const steps = stepsUpToStage((await stepsOfCallTypes(db as Db, [call.callTypeId])).get(call.callTypeId) ?? [], stage);
  const results = await db.select().from(stepResults).where(eq(stepResults.callSubmissionId, submission.id));
  return exportDataFrom({
    call,
    submissionId: submission.id,
    reference: submissionReference(submission.number, submission.createdAt),
    organization: org,
    submitter: who ?? null,
    steps,
    answers: new Map(results.map((r) => [r.stepId, r.content])),
    logo: await getActiveConfig(db as Db),
    submittedAt,
    report: await isGrantReport(db, submission.id),
  });
}

/**
 * A record as applicants may read it: each section's definition as the wizard shows it. Records
 * frozen before the answer keys were taken out at freezing still hold them, so whatever serves a
 * stored record to a member passes it through here.
 */
export function withoutAnswerKeys(data: TPdfExportData): TPdfExportData {
  return {
    ...data,
    sectionsForPDF: data.sectionsForPDF.map((section) => ({
      ...section,
      questions: stepTypeDefinition(section.stepType).applicantContent(section.questions),
    })),
  };
}

/** The export data from its parts, without reading anything. */
export function exportDataFrom(parts: ExportParts): TPdfExportData {
  const { call, organization: org, submitter: who, steps, answers: answerOf, logo: config, submittedAt } = parts;
  const attachments: TPdfAttachment[] = [];
  const miniDyi: TPdfMiniDyi[] = [];
  const sectionsForPDF = steps.map((step) => {
    const type = step.stepType?.name ?? '';
    const answer = answerOf.get(step.id);
    // What the type keeps beside the answer: the files it lists, the impact design.
    const parts = serverStepType(type).recordParts?.(step, answer);
    if (parts?.attachments) attachments.push(...parts.attachments);
    if (parts?.miniDyi) miniDyi.push(parts.miniDyi);
    // The definition as applicants see it: never a quiz's answer key (expectedAnswers is not
    // copied, a survey model's correctAnswers are taken out), in the record frozen too.
    return {
      stepId: step.id,
      sectionName: step.name,
      stepType: type,
      questions: stepTypeDefinition(type).applicantContent(step.content),
      answers: answer ?? '',
      translations: step.translations,
    };
  });

  const name = who ? `${who.firstName} ${who.lastName}`.trim() : '';
  return {
    callName: call.name,
    configLogo: config.logoBase64 ?? null,
    configLogoWidth: config.logoWidth ?? 50,
    configLogoHeight: config.logoHeight ?? 50,
    submittedBy: who ? (name ? `${name} <${who.email}>` : who.email) : '',
    submissionDateTime: submittedAt?.toISOString() ?? null,
    submissionId: parts.submissionId,
    reference: parts.reference,
    orgName: org.name,
    pIva: org.regNumber,
    address: org.streetName,
    city: org.cityName,
    country: org.country,
    userReferenteNome: org.contactName,
    userReferenteCognome: org.contactSurname,
    userReferenteRuolo: org.contactRole,
    userReferenteEmail: org.contactEmail,
    sectionsForPDF,
    attachments,
    miniDyi,
    // Every language is kept: the record is frozen once, and read (the PDF, the receipt) in any.
    translations: call.translations,
    ...(parts.report ? { report: true } : {}),
  };
}
