import type { TMiniDyiAnswer } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { callSubmissions, calls, grantReportPlans, grantReports, stepResults, submissionRecords } from './db/schema';
import { stepsOfCallTypes } from './modules/calls/call-types';
import { getFramework } from './modules/impact/service';
import { addReportsForGrant, saveReportingPlan } from './modules/grants/reporting-plan';
import { buildExportData } from './modules/pdf/export-data';
import { impactActualsServerType } from './modules/step-types/impact-actuals';

type Person = { id: string; email: string };

/**
 * An impact answer for a demo application: the framework's first outcome with up to two of its
 * indicators, each with a yearly target and its first proxy (the forecast the reports measure).
 */
export async function demoImpactAnswer(db: Db, frameworkId: string, budget: number, targets: number[]) {
  const framework = await getFramework(db, frameworkId);
  const outcome = framework.outcomes.find((o) => o.indicators.length > 0);
  const stakeholder = framework.stakeholders[0];
  if (!outcome || !stakeholder) return null;
  const answer: TMiniDyiAnswer = {
    budget,
    budgetSpent: 0,
    sdg: outcome.sdg.slice(0, 1),
    selectedOutcomes: [
      {
        outcomeId: outcome.id,
        sdg: outcome.sdg[0] ?? 1,
        outcomeName: outcome.name,
        stakeholderId: stakeholder.id,
        stakeholderName: stakeholder.name,
        customKey: null,
        indicators: outcome.indicators.slice(0, targets.length).map((indicator, i) => ({
          indicatorId: indicator.id,
          indicatorName: indicator.name,
          indicatorTargetValue: targets[i] ?? 0,
          proxyId: indicator.proxies[0]?.id ?? '',
          proxyName: indicator.proxies[0]?.name ?? '',
          proxyValue: indicator.proxies[0]?.defaultValue ?? 0,
        })),
      },
    ],
  } as TMiniDyiAnswer;
  return JSON.stringify(answer);
}

/**
 * The call's reporting plan (decision 0044): an interim report at 6 months and a final one at 12,
 * both on the report form (what was done, and the impact measured against the application's
 * targets). Returns the plan's items.
 */
export async function seedReportingPlan(db: Db, admin: Person, callId: string, formCallTypeId: string) {
  return saveReportingPlan(
    db,
    { ...admin, roles: ['admin'], isAdmin: true, sessionId: 'seed' },
    {
      callId,
      reports: [
        { name: 'Relazione intermedia', dueAfterMonths: 6, callTypeId: formCallTypeId },
        { name: 'Relazione finale', dueAfterMonths: 12, callTypeId: formCallTypeId },
      ],
    },
  );
}

/**
 * A grant running since last spring (the grant row given is active): its reports are made as an
 * acceptance makes them, and its interim report was submitted with the impact achieved, a little
 * under the targets, so the portfolio shows forecast against actual; the final one is to come.
 */
export async function seedSubmittedInterimReport(
  db: Db,
  grant: { id: string; callId: string; organizationId: string },
  owner: Person,
  achieved: number[],
  submittedAt: Date,
) {
  await db.transaction((tx) => addReportsForGrant(tx, grant.id, grant.callId));
  const [interim] = await db
    .select({ id: grantReports.id, formCallId: grantReportPlans.formCallId })
    .from(grantReports)
    .innerJoin(grantReportPlans, eq(grantReportPlans.id, grantReports.planId))
    .where(and(eq(grantReports.grantId, grant.id), eq(grantReportPlans.position, 0)));
  if (!interim) return;
  const [formCall] = await db.select().from(calls).where(eq(calls.id, interim.formCallId));
  const [submission] = await db
    .insert(callSubmissions)
    .values({
      callId: interim.formCallId,
      organizationId: grant.organizationId,
      createdByUserId: owner.id,
      closed: true,
      closedAt: submittedAt,
    })
    .returning();
  if (!formCall || !submission) return;
  await db.update(grantReports).set({ submissionId: submission.id }).where(eq(grantReports.id, interim.id));
  const formSteps = (await stepsOfCallTypes(db, [formCall.callTypeId])).get(formCall.callTypeId) ?? [];
  const [activities, impact] = formSteps;
  if (!activities || !impact) return;
  const measured = await impactActualsServerType.write(
    db,
    impact,
    JSON.stringify({
      values: achieved.map((value, i) => ({ key: `0-${i}`, value, note: i === 0 ? 'Dal registro presenze.' : '' })),
    }),
    { submissionId: submission.id },
  );
  await db.insert(stepResults).values([
    {
      callSubmissionId: submission.id,
      stepId: activities.id,
      content: JSON.stringify({
        answer: 'Otto orti avviati su dodici; le scuole hanno curato i semenzai da marzo a giugno.',
      }),
    },
    { callSubmissionId: submission.id, stepId: impact.id, content: measured.content, score: measured.score },
  ]);
  const data = await buildExportData(db, submission, formCall, owner.id, submittedAt, 1);
  await db.insert(submissionRecords).values({
    callSubmissionId: submission.id,
    closedAt: submittedAt,
    closedByUserId: owner.id,
    closedByEmail: owner.email,
    language: 'it',
    stage: 1,
    data,
  });
  await db
    .update(grantReports)
    .set({ submittedAt, actualSroi: measured.score })
    .where(eq(grantReports.id, interim.id));
}
