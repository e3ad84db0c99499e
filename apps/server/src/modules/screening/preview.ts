import type { TJsonObject, TLanguage, TScreener, TScreenerOrgValues, TScreenResult } from '@impact/domain';
import { invalid } from '../../lib/app-error';
import { judge, reasonsIn } from './screen';
import { screenerProblems } from './screener-store';

/**
 * POST Call/PreviewScreener: the screener being edited (saved or not) judged on answers and
 * organization data the admin types, by the very code that judges applicants; nothing is kept.
 */
export async function previewScreener(
  screener: TScreener,
  answers: TJsonObject,
  org: TScreenerOrgValues,
  language: TLanguage,
): Promise<TScreenResult> {
  const problems = await screenerProblems(screener, JSON.stringify(screener.model));
  if (problems.length) throw invalid(problems, 'errors.screening.invalid');
  const verdict = await judge(screener, answers, org);
  return { eligible: verdict.eligible, reasons: reasonsIn(verdict.reasons, language) };
}
