import { parseJson, regexValidatorPatterns, type TContentIssue } from '@impact/domain';
import isSafeRegex from 'safe-regex2';

/**
 * A model's regex validators run in every applicant's browser and on the server at Submit, with
 * JavaScript's backtracking engine: a pattern with nested quantifiers (`^(a+)+$`) takes seconds
 * for thirty letters. Such patterns are refused when the model is saved (star height above one,
 * the shape of every known catastrophic pattern), as are patterns that do not compile. The
 * server's validation also runs on a thread with a deadline, for what a heuristic misses.
 */
export function unsafePatternIssues(model: unknown): TContentIssue[] {
  const issues: TContentIssue[] = [];
  for (const pattern of regexValidatorPatterns(model)) {
    let compiles = true;
    try {
      new RegExp(pattern);
    } catch {
      compiles = false;
    }
    if (!compiles || !isSafeRegex(pattern, { limit: 25 })) {
      issues.push({ path: '', messageKey: 'errors.limits.unsafePattern' });
      break;
    }
  }
  return issues;
}

/** The same check on a model kept as text (a step's content, a survey type's model). */
export function unsafePatternIssuesInText(content: string): TContentIssue[] {
  return unsafePatternIssues(parseJson(content));
}
