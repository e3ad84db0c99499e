import {
  emailAllowedByFilter,
  localisedCall,
  parseJsonObject,
  SCREENER_ORG_VARIABLE,
  screenerMessageIn,
  surveyAnswerBoundIssue,
  surveyAnswerLimits,
  type TApplicantScreener,
  type TJsonObject,
  type TLanguage,
  type TMemberRole,
  type TScreener,
  type TScreenerMessage,
  type TScreenerOrgValues,
  type TScreenResult,
  yearsSince,
} from '@impact/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callScreenings, calls, organizations } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { assertRole } from '../organizations/member-access';
import { judgeConditionsOffThread } from '../step-types/survey-check-pool';
import { type CallRow, isCallOpen } from '../submission-core/access';
import { screenerOf, toScreener } from './screener-store';

/** A published call this user may see (its e-mail filter, on the server); 404 otherwise, as GetCallById. */
async function visibleCall(db: Db | Tx, user: SessionUser, callId: string): Promise<CallRow> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call || call.draft || !emailAllowedByFilter(call, user.email)) throw notFound('errors.calls.notFound');
  return call;
}

/** The organization's registered data a rule reads as `{org.<name>}` (SCREENER_ORG_FIELDS). */
export function orgValuesOf(org: typeof organizations.$inferSelect, now = new Date()): TScreenerOrgValues {
  return {
    country: org.country,
    yearsSinceFoundation: yearsSince(org.dateOfFoundation, now),
    personalData: org.personalData,
    selfCertification: org.selfCertification,
    termsOfService: org.termsOfService,
    nordicCountry: org.nordicCountry,
    preFunding: org.preFunding,
    chnageInLife: org.chnageInLife,
  };
}

/**
 * A screener judged on answers and an organization's data, on the survey-check thread: the answers
 * as kept and the messages of the rules that held (a rule that holds makes the organization
 * ineligible). Answers past their bounds, or that leave a required question empty, are a 400.
 */
export async function judge(screener: TScreener, answers: TJsonObject, org: TScreenerOrgValues) {
  const bound = surveyAnswerBoundIssue(answers, surveyAnswerLimits(screener.model));
  if (bound) {
    const path = bound.question ? `answers.${bound.question}` : 'answers';
    throw invalid([{ path, messageKey: bound.messageKey, params: bound.params }], bound.messageKey);
  }
  const judged = await judgeConditionsOffThread({
    model: screener.model,
    answers,
    expressions: screener.rules.map((r) => r.expression),
    variables: { [SCREENER_ORG_VARIABLE]: org },
  });
  if (judged.problems.length) throw invalid(judged.problems, 'errors.screening.answersIncomplete');
  const reasons: TScreenerMessage[] = screener.rules.filter((_, i) => judged.held[i]).map((r) => r.message);
  return { answers: judged.answers, eligible: reasons.length === 0, reasons };
}

function organizationRequired(): never {
  throw invalid(
    [{ path: 'organizationId', messageKey: 'errors.field.required' }],
    'errors.submissions.organizationRequired',
  );
}

/**
 * POST Call/Screen: the selected organization's answers judged on the server and kept (every
 * attempt, with who answered); the latest decides whether it may start the application. Owners
 * and editors only: screening is the first act of applying.
 */
export async function screen(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  role: TMemberRole | null,
  input: { callId: string; answers: TJsonObject },
  language: TLanguage,
): Promise<TScreenResult> {
  if (!organizationId) organizationRequired();
  assertRole(role, 'write');
  const call = await visibleCall(db, user, input.callId);
  const row = await screenerOf(db, call.id);
  if (!row) throw notFound('errors.screening.none');
  if (!isCallOpen(call)) throw conflict('errors.submissions.callNotOpen');
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound('errors.organizations.notFound');
  const verdict = await judge(toScreener(row), input.answers, orgValuesOf(org));
  await db.insert(callScreenings).values({
    callId: call.id,
    organizationId,
    userId: user.id,
    answers: verdict.answers,
    eligible: verdict.eligible,
    reasons: verdict.reasons,
    screenerVersion: row.version,
  });
  return { eligible: verdict.eligible, reasons: reasonsIn(verdict.reasons, language) };
}

/** The organization's latest screening for a call, or null. */
export async function latestScreening(db: Db | Tx, callId: string, organizationId: string) {
  const [latest] = await db
    .select()
    .from(callScreenings)
    .where(and(eq(callScreenings.callId, callId), eq(callScreenings.organizationId, organizationId)))
    .orderBy(desc(callScreenings.createdAt))
    .limit(1);
  return latest ?? null;
}

/**
 * GET Call/GetScreener: what an applicant answers before starting (the model, without the rules),
 * whom to write to, and the selected organization's latest result while the screener it was made
 * against is the current one. Any member may read it (a viewer sees why the team cannot apply).
 */
export async function getApplicantScreener(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  callId: string,
  language: TLanguage,
): Promise<TApplicantScreener> {
  const call = await visibleCall(db, user, callId);
  const row = await screenerOf(db, call.id);
  if (!row) throw notFound('errors.screening.none');
  const latest = organizationId ? await latestScreening(db, call.id, organizationId) : null;
  const current = latest && latest.screenerVersion === row.version ? latest : null;
  const shown = localisedCall(call, language);
  return {
    callName: shown.name,
    callNameLanguage: shown.textLanguages.name,
    model: parseJsonObject(row.model) ?? {},
    contact: row.contact,
    latest: current && {
      eligible: current.eligible,
      reasons: reasonsIn(current.reasons, language),
      at: current.createdAt.toISOString(),
    },
  };
}

/** The messages of a screening in a language (the 403 of a refused start, the admin's list). */
export function reasonsIn(reasons: TScreenerMessage[], language: TLanguage): string[] {
  return reasons.map((m) => screenerMessageIn(m, language));
}
