import { z } from 'zod';
import { ZLanguage } from './languages';
import { ZPdfExportData } from './pdf';
import type { TFieldError } from './problem';

/**
 * Rubrics, assignments, reviews, ranking and outcomes. The rules
 * that need no database live here so the server and the web app compute the same numbers.
 */

export const RECOMMENDATIONS = ['fund', 'doNotFund', 'maybe'] as const;
export const ZRecommendation = z.enum(RECOMMENDATIONS);
export type TRecommendation = z.infer<typeof ZRecommendation>;

export const DECISION_OUTCOMES = ['accepted', 'rejected', 'waitingList'] as const;
export const ZDecisionOutcome = z.enum(DECISION_OUTCOMES);
export type TDecisionOutcome = z.infer<typeof ZDecisionOutcome>;

/** A rubric criterion: scored on a whole-number scale min–max, weighted against the others. */
export const ZCriterion = z
  .object({
    id: z.string().trim().min(1).max(40),
    name: z.string().trim().min(1).max(200),
    description: z.string().max(2000),
    weight: z.number().finite().positive().max(100),
    min: z.number().int().min(0).max(100),
    max: z.number().int().min(1).max(100),
    commentRequired: z.boolean(),
  })
  .refine((c) => c.max > c.min, { path: ['max'], message: 'errors.review.scaleOrder' });
export type TCriterion = z.infer<typeof ZCriterion>;

export const MAX_REVIEWERS_PER_SUBMISSION = 10;

/** A call's review settings; `opensAt` null means "when the call closes". */
export const ZRubric = z
  .object({
    callId: z.uuid(),
    blind: z.boolean(),
    opensAt: z.iso.datetime({ offset: true }).nullable(),
    reviewersPerSubmission: z.number().int().min(1).max(MAX_REVIEWERS_PER_SUBMISSION),
    criteria: z.array(ZCriterion).min(1).max(30),
  })
  .refine((r) => new Set(r.criteria.map((c) => c.id)).size === r.criteria.length, {
    path: ['criteria'],
    message: 'errors.review.duplicateCriterion',
  });
export type TRubric = z.infer<typeof ZRubric>;

/** GET Review/GetRubric: a call without a rubric yet answers `rubric: null`. */
export const ZRubricResponse = z.object({
  rubric: ZRubric.nullable(),
  /** Once a review is submitted the criteria are fixed (scores would lose their meaning). */
  locked: z.boolean(),
  callClosingAt: z.string(),
});
export type TRubricResponse = z.infer<typeof ZRubricResponse>;

/** A review opens when the call has closed, or at the rubric's date when one is set. */
export function reviewIsOpen(call: { closingAt: Date }, opensAt: Date | null, now = new Date()): boolean {
  const from = opensAt ?? call.closingAt;
  return from.getTime() <= now.getTime();
}

export const ZInviteReviewerRequest = z.object({
  callId: z.uuid(),
  email: z.email().max(254),
  language: ZLanguage,
});

export const ZReviewer = z.object({
  userId: z.uuid().nullable(),
  email: z.string(),
  name: z.string(),
  /** invitation: invited by e-mail for this call; role: the identity provider's "reviewer" role. */
  source: z.enum(['invitation', 'role']),
  accepted: z.boolean(),
  /** Active assignments in this call. */
  load: z.number().int(),
});
export type TReviewer = z.infer<typeof ZReviewer>;

export const ASSIGNMENT_STATUSES = ['assigned', 'conflict'] as const;
export const ZAssignmentStatus = z.enum(ASSIGNMENT_STATUSES);

export const ZAssignmentSummary = z.object({
  id: z.uuid(),
  reviewerUserId: z.uuid(),
  reviewerEmail: z.string(),
  status: ZAssignmentStatus,
  conflictReason: z.string(),
  submitted: z.boolean(),
});

/** One closed submission in the admin's assignment view. */
export const ZAssignmentRow = z.object({
  submissionId: z.uuid(),
  organizationName: z.string(),
  contactDomain: z.string(),
  assignments: z.array(ZAssignmentSummary),
});
export type TAssignmentRow = z.infer<typeof ZAssignmentRow>;

export const ZAssignRequest = z.object({ callId: z.uuid(), submissionId: z.uuid(), reviewerUserId: z.uuid() });
export const ZAutoAssignRequest = z.object({ callId: z.uuid() });
/**
 * Why seats stayed empty, counted in distinct reviewers across the submissions left short:
 * `sameDomain` share the organization's contact domain, `excluded` are its members or declared a
 * conflict with it, `applicant` started it; `tooFewReviewers` when every other reviewer is
 * already on such a submission (more reviewers are needed).
 */
export const ZUnfilledReasons = z.object({
  sameDomain: z.number().int(),
  excluded: z.number().int(),
  applicant: z.number().int(),
  tooFewReviewers: z.boolean(),
});
export type TUnfilledReasons = z.infer<typeof ZUnfilledReasons>;
export const ZAutoAssignResponse = z.object({
  created: z.number().int(),
  unfilled: z.number().int(),
  reasons: ZUnfilledReasons.optional(),
});

/** One criterion's score in a review; null while not scored yet. */
export const ZCriterionScore = z.object({
  criterionId: z.string().max(40),
  score: z.number().finite().nullable(),
  comment: z.string().max(5000),
});
export type TCriterionScore = z.infer<typeof ZCriterionScore>;

/** PUT Review/SaveReview (autosave): `version` is the one the edit started from. */
export const ZSaveReviewRequest = z.object({
  assignmentId: z.uuid(),
  version: z.number().int().min(0),
  scores: z.array(ZCriterionScore).max(30),
  recommendation: ZRecommendation.nullable(),
  comment: z.string().max(10_000),
});
export type TSaveReviewRequest = z.infer<typeof ZSaveReviewRequest>;

export const ZReviewDraft = z.object({
  scores: z.array(ZCriterionScore),
  recommendation: ZRecommendation.nullable(),
  comment: z.string(),
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TReviewDraft = z.infer<typeof ZReviewDraft>;

export const ZSubmitReviewRequest = z.object({ assignmentId: z.uuid(), version: z.number().int().min(0) });

export const ZDeclareConflictRequest = z.object({
  assignmentId: z.uuid(),
  conflict: z.boolean(),
  reason: z.string().trim().max(2000),
});

/** The reviewer's list: their active assignments in calls whose review is open. */
export const ZMyAssignment = z.object({
  assignmentId: z.uuid(),
  callId: z.uuid(),
  callName: z.string(),
  submissionId: z.uuid(),
  /** null under blind review. */
  organizationName: z.string().nullable(),
  status: z.enum(['declareConflict', 'toReview', 'inProgress', 'submitted']),
});
export type TMyAssignment = z.infer<typeof ZMyAssignment>;

/** What a reviewer reads: the frozen submission (redacted under blind review) beside the form. */
export const ZReviewWorkspace = z.object({
  assignmentId: z.uuid(),
  callName: z.string(),
  blind: z.boolean(),
  criteria: z.array(ZCriterion),
  submission: ZPdfExportData,
  /** Upload slots with their download ids; names are redacted under blind review. */
  files: z.array(z.object({ fileDownloadId: z.uuid(), fileName: z.string(), slot: z.string() })),
  review: ZReviewDraft,
});
export type TReviewWorkspace = z.infer<typeof ZReviewWorkspace>;

/** Others' reviews of the same submission, shown only once one's own is submitted. */
export const ZOtherReview = z.object({
  reviewer: z.string(),
  weightedScore: z.number().nullable(),
  recommendation: ZRecommendation.nullable(),
  scores: z.array(ZCriterionScore),
  comment: z.string(),
});

export const ZRankingRow = z.object({
  submissionId: z.uuid(),
  organizationName: z.string(),
  /** Mean of the submitted reviews' weighted scores, on 0–100; null with no review yet. */
  mean: z.number().nullable(),
  /** Highest minus lowest weighted score among submitted reviews (0–100). */
  spread: z.number().nullable(),
  disagreement: z.boolean(),
  done: z.number().int(),
  assigned: z.number().int(),
  recommendations: z.object({ fund: z.number().int(), doNotFund: z.number().int(), maybe: z.number().int() }),
  sroi: z.number().nullable(),
  sroiLow: z.number().nullable(),
  sroiHigh: z.number().nullable(),
  sdgs: z.array(z.number().int()),
  outcome: ZDecisionOutcome.nullable(),
  message: z.string(),
  /** The stage the submission reached: 2 once invited to a call's second stage. */
  stage: z.number().int(),
});
export type TRankingRow = z.infer<typeof ZRankingRow>;

/** GET Review/GetRanking: one call's, optionally only the submissions that reached a stage. */
export const ZRankingQuery = z.object({ callId: z.uuid(), stage: z.enum(['1', '2']).optional() });
export const ZRankingExportQuery = ZRankingQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const ZDecisionItem = z.object({
  submissionId: z.uuid(),
  outcome: ZDecisionOutcome,
  message: z.string().max(5000),
});
export const ZRecordDecisionsRequest = z.object({
  callId: z.uuid(),
  items: z.array(ZDecisionItem).min(1).max(1000),
});
export const ZRecordDecisionsResponse = z.object({ recorded: z.number().int(), mailsQueued: z.number().int() });

/** A spread of this many points (out of 100) or more between reviewers is flagged for discussion. */
export const DISAGREEMENT_SPREAD = 25;

/**
 * One review's weighted score on 0–100: each criterion's score placed on its scale
 * ((score − min) / (max − min)), weighted, averaged. Null until every criterion is scored.
 */
export function weightedScore(criteria: readonly TCriterion[], scores: readonly TCriterionScore[]): number | null {
  if (!criteria.length) return null;
  const byId = new Map(scores.map((s) => [s.criterionId, s.score]));
  let total = 0;
  let weights = 0;
  for (const c of criteria) {
    const score = byId.get(c.id);
    if (score === null || score === undefined) return null;
    total += c.weight * ((score - c.min) / (c.max - c.min));
    weights += c.weight;
  }
  return round2((100 * total) / weights);
}

/** Mean and spread of the submitted reviews' weighted scores; the disagreement flag. */
export function rankingStats(weighted: readonly number[]) {
  if (!weighted.length) return { mean: null, spread: null, disagreement: false };
  const mean = round2(weighted.reduce((a, b) => a + b, 0) / weighted.length);
  const spread = round2(Math.max(...weighted) - Math.min(...weighted));
  return { mean, spread, disagreement: weighted.length > 1 && spread >= DISAGREEMENT_SPREAD };
}

function round2(n: number) {
  return Math.round(n * 100) / 100;
}

/** What a review lacks before it can be submitted, as field errors the form shows. */
export function reviewProblems(
  criteria: readonly TCriterion[],
  review: { scores: readonly TCriterionScore[]; recommendation: TRecommendation | null },
): TFieldError[] {
  const problems: TFieldError[] = [];
  const byId = new Map(review.scores.map((s) => [s.criterionId, s]));
  for (const c of criteria) {
    const s = byId.get(c.id);
    if (s?.score === null || s?.score === undefined)
      problems.push({ path: `scores.${c.id}.score`, messageKey: 'errors.field.required' });
    else if (scoreOffScale(c, s.score))
      problems.push({ path: `scores.${c.id}.score`, messageKey: 'errors.review.scoreOutOfScale' });
    if (c.commentRequired && !s?.comment.trim())
      problems.push({ path: `scores.${c.id}.comment`, messageKey: 'errors.field.required' });
  }
  if (!review.recommendation) problems.push({ path: 'recommendation', messageKey: 'errors.field.required' });
  return problems;
}

/** Whether a score is given and off its criterion's scale: not a whole number, or outside min–max. */
export function scoreOffScale(criterion: Pick<TCriterion, 'min' | 'max'>, score: number | null | undefined): boolean {
  return (
    score !== null &&
    score !== undefined &&
    (!Number.isInteger(score) || score < criterion.min || score > criterion.max)
  );
}

/** The part of an e-mail address after the @, lower case ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

export type AutoAssignSubmission = {
  id: string;
  contactDomain: string;
  /** The applicant's account(s): never their own reviewer. */
  applicantUserIds: readonly string[];
  /** Reviewers already on it, active or after a declared conflict (never picked again). */
  taken: readonly string[];
  /** Reviewers the manual assignment would refuse (members, a declared conflict): never picked. */
  excluded?: readonly string[];
  active: number;
};
export type AutoAssignReviewer = { userId: string; email: string; load: number };

/**
 * Automatic assignment: every submission gets reviewers until it has `perSubmission` active ones,
 * the least-loaded eligible reviewer first (ties by e-mail, so the result is repeatable). Never a
 * reviewer whose e-mail domain is the organization's contact domain, nor the applicant, nor one
 * already on the submission (a declared conflict stays excluded).
 */
export function planAutoAssignment(
  submissions: readonly AutoAssignSubmission[],
  reviewers: readonly AutoAssignReviewer[],
  perSubmission: number,
): { pairs: Array<{ submissionId: string; reviewerUserId: string }>; unfilled: number; reasons: TUnfilledReasons } {
  const load = new Map(reviewers.map((r) => [r.userId, r.load]));
  const pairs: Array<{ submissionId: string; reviewerUserId: string }> = [];
  let unfilled = 0;
  const blocked = { sameDomain: new Set<string>(), excluded: new Set<string>(), applicant: new Set<string>() };
  let tooFewReviewers = false;
  // Fewest reviewers first, so the scarce reviewers go where they are needed most.
  const order = [...submissions].sort((a, b) => a.active - b.active || a.id.localeCompare(b.id));
  for (const s of order) {
    const taken = new Set(s.taken);
    const excluded = new Set(s.excluded ?? []);
    const sameDomain = (r: AutoAssignReviewer) => s.contactDomain !== '' && emailDomain(r.email) === s.contactDomain;
    // The rules, whoever is already on it: never the applicant, a member, a conflict or the domain.
    const allowedByRules = (r: AutoAssignReviewer) =>
      !excluded.has(r.userId) && !s.applicantUserIds.includes(r.userId) && !sameDomain(r);
    let need = perSubmission - s.active;
    while (need > 0) {
      const pick = reviewers
        .filter((r) => !taken.has(r.userId) && allowedByRules(r))
        .sort((a, b) => (load.get(a.userId) ?? 0) - (load.get(b.userId) ?? 0) || a.email.localeCompare(b.email))[0];
      if (!pick) {
        unfilled += need;
        // Why: each reviewer not already on it was kept off by a rule.
        const others = reviewers.filter((r) => !taken.has(r.userId));
        for (const r of others) {
          if (s.applicantUserIds.includes(r.userId)) blocked.applicant.add(r.userId);
          else if (excluded.has(r.userId)) blocked.excluded.add(r.userId);
          else if (sameDomain(r)) blocked.sameDomain.add(r.userId);
        }
        // Fewer reviewers than seats once the rules are applied: more reviewers are needed.
        if (reviewers.filter(allowedByRules).length < perSubmission) tooFewReviewers = true;
        break;
      }
      pairs.push({ submissionId: s.id, reviewerUserId: pick.userId });
      taken.add(pick.userId);
      load.set(pick.userId, (load.get(pick.userId) ?? 0) + 1);
      need -= 1;
    }
  }
  return {
    pairs,
    unfilled,
    reasons: {
      sameDomain: blocked.sameDomain.size,
      excluded: blocked.excluded.size,
      applicant: blocked.applicant.size,
      tooFewReviewers,
    },
  };
}

/** The "reviewer" role from the identity provider, in any letter case. */
export function hasReviewerRole(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === 'reviewer');
}

/** The applicant's call card: the outcome, once the call's lock has ended. */
export const ZCallOutcome = z.object({ outcome: ZDecisionOutcome, message: z.string() });
