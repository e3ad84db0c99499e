import { describe, expect, it } from 'vitest';
import {
  emailDomain,
  planAutoAssignment,
  rankingStats,
  reviewIsOpen,
  reviewProblems,
  type TCriterion,
  weightedScore,
  ZRubric,
} from './review';

const CRITERIA: TCriterion[] = [
  { id: 'impact', name: 'Impact', description: '', weight: 2, min: 0, max: 5, commentRequired: true },
  { id: 'budget', name: 'Budget', description: '', weight: 1, min: 1, max: 10, commentRequired: false },
];
const s = (criterionId: string, score: number | null, comment = '') => ({ criterionId, score, comment });

describe('review rules', () => {
  it('weights each criterion on its own scale, 0–100', () => {
    expect(weightedScore(CRITERIA, [s('impact', 5), s('budget', 10)])).toBe(100);
    expect(weightedScore(CRITERIA, [s('impact', 0), s('budget', 1)])).toBe(0);
    // (2 × 3/5 + 1 × 0/9) / 3 = 0.4
    expect(weightedScore(CRITERIA, [s('impact', 3), s('budget', 1)])).toBe(40);
    // (2 × 4/5 + 1 × 4/9) / 3 = 0.68148…
    expect(weightedScore(CRITERIA, [s('impact', 4), s('budget', 5)])).toBe(68.15);
    expect(weightedScore(CRITERIA, [s('impact', 4)])).toBeNull();
  });

  it('gives mean, spread and the disagreement flag', () => {
    expect(rankingStats([100, 40])).toEqual({ mean: 70, spread: 60, disagreement: true });
    expect(rankingStats([70, 80])).toEqual({ mean: 75, spread: 10, disagreement: false });
    expect(rankingStats([90])).toEqual({ mean: 90, spread: 0, disagreement: false });
    expect(rankingStats([])).toEqual({ mean: null, spread: null, disagreement: false });
  });

  it('lists what a review lacks before it can be submitted', () => {
    expect(reviewProblems(CRITERIA, { scores: [s('impact', 6), s('budget', 2.5)], recommendation: null })).toEqual([
      { path: 'scores.impact.score', messageKey: 'errors.review.scoreOutOfScale' },
      { path: 'scores.impact.comment', messageKey: 'errors.field.required' },
      { path: 'scores.budget.score', messageKey: 'errors.review.scoreOutOfScale' },
      { path: 'recommendation', messageKey: 'errors.field.required' },
    ]);
    expect(
      reviewProblems(CRITERIA, { scores: [s('impact', 5, 'ok'), s('budget', 1)], recommendation: 'maybe' }),
    ).toEqual([]);
  });

  it('assigns the least-loaded reviewers, never the contact domain, the applicant or a declared conflict', () => {
    const reviewers = [
      { userId: 'a', email: 'a@panel.example', load: 0 },
      { userId: 'b', email: 'b@panel.example', load: 0 },
      { userId: 'c', email: 'c@Org.example', load: 0 },
      { userId: 'd', email: 'd@panel.example', load: 3 },
    ];
    const plan = planAutoAssignment(
      [
        { id: 's1', contactDomain: 'org.example', applicantUserIds: [], taken: [], active: 0 },
        { id: 's2', contactDomain: 'other.example', applicantUserIds: ['a'], taken: ['b'], active: 0 },
        { id: 's3', contactDomain: 'other.example', applicantUserIds: [], taken: [], active: 2 },
      ],
      reviewers,
      2,
    );
    expect(plan.pairs).toEqual([
      { submissionId: 's1', reviewerUserId: 'a' },
      { submissionId: 's1', reviewerUserId: 'b' },
      { submissionId: 's2', reviewerUserId: 'c' },
      { submissionId: 's2', reviewerUserId: 'd' },
    ]);
    expect(plan.unfilled).toBe(0);
    const scarce = planAutoAssignment(
      [{ id: 's1', contactDomain: 'panel.example', applicantUserIds: [], taken: [], active: 0 }],
      reviewers,
      2,
    );
    // Three reviewers share the organization's domain: one seat stays empty, and the plan says why.
    expect(scarce).toEqual({
      pairs: [{ submissionId: 's1', reviewerUserId: 'c' }],
      unfilled: 1,
      reasons: { sameDomain: 3, excluded: 0, applicant: 0, tooFewReviewers: true },
    });
    expect(plan.reasons).toEqual({ sameDomain: 0, excluded: 0, applicant: 0, tooFewReviewers: false });
    const conflicted = planAutoAssignment(
      [{ id: 's1', contactDomain: 'org.example', applicantUserIds: ['a'], taken: [], excluded: ['b', 'd'], active: 0 }],
      reviewers,
      1,
    );
    expect(conflicted).toEqual({
      pairs: [],
      unfilled: 1,
      reasons: { sameDomain: 1, excluded: 2, applicant: 1, tooFewReviewers: true },
    });
  });

  it('opens the review at closing or at its date; reads e-mail domains; refuses an upside-down scale', () => {
    const call = { closingAt: new Date('2026-01-10T00:00:00Z') };
    expect(reviewIsOpen(call, null, new Date('2026-01-09T00:00:00Z'))).toBe(false);
    expect(reviewIsOpen(call, null, new Date('2026-01-10T00:00:01Z'))).toBe(true);
    expect(reviewIsOpen(call, new Date('2026-02-01T00:00:00Z'), new Date('2026-01-20T00:00:00Z'))).toBe(false);
    expect(emailDomain('Giulia@Aurora.Example ')).toBe('aurora.example');
    const rubric = { callId: crypto.randomUUID(), blind: true, opensAt: null, reviewersPerSubmission: 2 };
    expect(ZRubric.safeParse({ ...rubric, criteria: [{ ...CRITERIA[0], max: 0 }] }).success).toBe(false);
    expect(ZRubric.safeParse({ ...rubric, criteria: [CRITERIA[0], CRITERIA[0]] }).success).toBe(false);
    expect(ZRubric.safeParse({ ...rubric, criteria: CRITERIA }).success).toBe(true);
  });
});
