import {
  DEFAULT_SROI_PARAMS,
  estimateMiniDyi,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  sroiScoreRange,
  type TPdfAttachment,
  type TPdfExportData,
  type TPdfMiniDyi,
  ZUploadAnswer,
} from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizations, stepResults, users } from '../../db/schema';
import { stepsOfCallTypes } from '../calls/call-types';
import { getActiveConfig } from '../config/service';
import type { CallRow, SubmissionRow } from '../submission-core/access';

function parseJson(content: string | undefined): unknown {
  if (!content) return null;
  try {
    return JSON.parse(content);
  } catch {
    return null;
  }
}

function uploadedFiles(stepName: string, content: string | undefined): TPdfAttachment[] {
  const parsed = ZUploadAnswer.safeParse(parseJson(content));
  if (!parsed.success) return [];
  return parsed.data.files.map((f) => ({
    attachmentTitle: f.slot,
    fileName: f.fileName,
    description: f.description,
    stepName,
  }));
}

function impactDesign(stepId: string, stepName: string, stepContent: string, content: string | undefined) {
  const answer = parseMiniDyiAnswer(content);
  if (!answer) return null;
  const params = parseImpactStepContent(stepContent)?.sroiParams ?? DEFAULT_SROI_PARAMS;
  const estimate = estimateMiniDyi(answer, params);
  const design: TPdfMiniDyi = {
    stepId,
    StepName: stepName,
    budget: answer.budget,
    budgetSpent: answer.budgetSpent,
    sdg: answer.sdg,
    selectedOutcomes: answer.selectedOutcomes.map((o) => ({
      outcomeName: o.outcomeName,
      stakeholderName: o.stakeholderName,
      sdg: o.sdg,
      indicators: o.indicators.map((i) => ({
        indicatorName: i.indicatorName,
        indicatorTargetValue: i.indicatorTargetValue,
        proxyName: i.proxyName,
        proxyValue: i.proxyValue,
      })),
    })),
    sroi: { ...sroiScoreRange(estimate), overThreshold: estimate.overThreshold },
  };
  return design;
}

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
): Promise<TPdfExportData> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, submission.organizationId));
  if (!org) throw new Error('submission without organization');
  const [who] = await db.select().from(users).where(eq(users.id, submitterUserId)).limit(1);
  const steps = (await stepsOfCallTypes(db as Db, [call.callTypeId])).get(call.callTypeId) ?? [];
  const results = await db.select().from(stepResults).where(eq(stepResults.callSubmissionId, submission.id));
  const answerOf = new Map(results.map((r) => [r.stepId, r.content]));
  const config = await getActiveConfig(db as Db);

  const attachments: TPdfAttachment[] = [];
  const miniDyi: TPdfMiniDyi[] = [];
  const sectionsForPDF = steps.map((step) => {
    const type = step.stepType?.name ?? '';
    const answer = answerOf.get(step.id);
    if (type === 'upload') attachments.push(...uploadedFiles(step.name, answer));
    if (type === 'miniDyi') {
      const design = impactDesign(step.id, step.name, step.content, answer);
      if (design) miniDyi.push(design);
    }
    // The definition as applicants see it: never a quiz's answer key (expectedAnswers is not copied).
    return { stepId: step.id, sectionName: step.name, stepType: type, questions: step.content, answers: answer ?? '' };
  });

  const name = who ? `${who.firstName} ${who.lastName}`.trim() : '';
  return {
    callName: call.name,
    configLogo: config.logoBase64 ?? null,
    configLogoWidth: config.logoWidth ?? 50,
    configLogoHeight: config.logoHeight ?? 50,
    submittedBy: who ? (name ? `${name} <${who.email}>` : who.email) : '',
    submissionDateTime: submittedAt?.toISOString() ?? null,
    submissionId: submission.id,
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
  };
}
