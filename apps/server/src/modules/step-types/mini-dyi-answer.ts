import {
  DEFAULT_SROI_PARAMS,
  estimateMiniDyi,
  issueToFieldError,
  miniDyiAnswerProblems,
  miniDyiDraftProblems,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  type TFieldError,
  type TImpactFramework,
  type TMiniDyiAnswer,
  type TStep,
  ZMiniDyiAnswer,
} from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { impactFrameworks } from '../../db/schema';
import { invalid } from '../../lib/app-error';

/** The framework a miniDyi step is built on (null when the admin has not picked one yet). */
export async function frameworkOfStep(db: Db | Tx, step: TStep) {
  const def = parseImpactStepContent(step.content);
  if (!def) return { def: null, framework: null };
  const [row] = await db.select().from(impactFrameworks).where(eq(impactFrameworks.id, def.frameworkId));
  const framework: Pick<TImpactFramework, 'outcomes' | 'stakeholders'> | null = row
    ? { outcomes: row.outcomes, stakeholders: row.stakeholders }
    : null;
  return { def, framework };
}

/** A written answer: JSON in the contract (numbers within MINI_DYI_MAXIMUM), or the fields that are not. */
function parseWrittenAnswer(content: string): { answer: TMiniDyiAnswer } | { errors: TFieldError[] } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { errors: [{ path: 'content', messageKey: 'errors.field.invalid' }] };
  }
  const parsed = ZMiniDyiAnswer.safeParse(json);
  if (parsed.success) return { answer: parsed.data };
  return { errors: parsed.error.issues.map((issue) => issueToFieldError(issue)) };
}

/**
 * Every write of a miniDyi answer (PutMiniDYI or UpsertCallStepResult) goes through the same
 * rules as the page (SPEC 5 "Impact design"); a refused answer is a 400 and nothing is stored.
 * Returns what to store: the answer as the contract reads it (whatever else the JSON carried is
 * left out, so no unchecked text or nesting reaches the record, the exports or the PDF) and its
 * score, the central SROI ratio (null when the budget is zero).
 */
export async function checkImpactAnswer(
  db: Db | Tx,
  step: TStep,
  content: string,
): Promise<{ content: string; score: number | null }> {
  const written = parseWrittenAnswer(content);
  if ('errors' in written) throw invalid(written.errors, 'errors.impact.answerInvalid');
  const { answer } = written;
  const { def, framework } = await frameworkOfStep(db, step);
  // A draft may still lack a stakeholder, a target or a name: Submit names those (impactAnswerMissing).
  const problems = miniDyiDraftProblems(answer, framework ? { framework } : {});
  if (problems.length) throw invalid(problems, 'errors.impact.answerInvalid');
  return {
    content: JSON.stringify(answer),
    score: estimateMiniDyi(answer, def?.sroiParams ?? DEFAULT_SROI_PARAMS).central.ratio,
  };
}

/** What keeps a submission with this impact answer from closing (SPEC 4 "Submission"). */
export async function impactAnswerMissing(db: Db | Tx, step: TStep, content: string | undefined) {
  const answer = parseMiniDyiAnswer(content);
  if (!answer) return [{ path: step.id, messageKey: 'errors.impact.answerMissing' }];
  const { framework } = await frameworkOfStep(db, step);
  const problems = miniDyiAnswerProblems(answer, { ...(framework ? { framework } : {}), complete: true });
  return problems.map((p) => ({ path: `${step.id}.${p.path}`, messageKey: p.messageKey }));
}
