import { estimateMiniDyi, type TMiniDyiAnswer } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { callSubmissions, calls, grantReportPlans, grantReports, stepResults, submissionRecords } from './db/schema';
import { stepsOfCallTypes } from './modules/calls/call-types';
import { addReportsForGrant, saveReportingPlan } from './modules/grants/reporting-plan';
import { getFramework } from './modules/impact/service';
import { buildExportData } from './modules/pdf/export-data';
import { impactActualsServerType } from './modules/step-types/impact-actuals';

type Person = { id: string; email: string };

/**
 * An impact answer for a demo application: the framework's first outcome with two of its
 * indicators, each with its first proxy and a yearly target worth `share` of the budget (a
 * forecast SROI of about 2.5 with the default parameters), and its score as the wizard stores it.
 */
export async function demoImpactAnswer(db: Db, frameworkId: string, budget: number, share = 0.45) {
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
        // The two indicators with the smallest proxies: targets of some size, easier to follow.
        indicators: [...outcome.indicators]
          .sort((x, y) => (x.proxies[0]?.defaultValue ?? 0) - (y.proxies[0]?.defaultValue ?? 0))
          .slice(0, 2)
          .map((indicator) => {
            const proxyValue = indicator.proxies[0]?.defaultValue ?? 0;
            return {
              indicatorId: indicator.id,
              indicatorName: indicator.name,
              indicatorTargetValue: proxyValue > 0 ? Math.max(1, Math.round((budget * share) / proxyValue)) : 0,
              proxyId: indicator.proxies[0]?.id ?? '',
              proxyName: indicator.proxies[0]?.name ?? '',
              proxyValue,
            };
          }),
      },
    ],
  } as TMiniDyiAnswer;
  const targets = answer.selectedOutcomes[0]?.indicators.map((i) => i.indicatorTargetValue) ?? [];
  return { content: JSON.stringify(answer), score: estimateMiniDyi(answer).central.ratio, targets };
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
 * acceptance makes them, and its interim report was submitted with the impact achieved, mostly
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
  // What Submit keeps of the report (reports.ts, markReportSubmitted): its actual SROI and values.
  const actualValues = Object.fromEntries(achieved.map((value, i) => [`0-${i}`, value]));
  await db
    .update(grantReports)
    .set({ submittedAt, actualSroi: measured.score, actualValues })
    .where(eq(grantReports.id, interim.id));
}
