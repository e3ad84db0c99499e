import { parseJson, regexValidatorPatterns, type TContentIssue } from '@impact/domain';
import { RE2JS } from 're2js';
import isSafeRegex from 'safe-regex2';

/**
 * A model's regex validators run in every applicant's browser with JavaScript's backtracking
 * engine, where a pattern with nested quantifiers (`^(a+)+$`) takes seconds for thirty letters,
 * and on the server at Submit with RE2's linear-time engine (survey-runner.ts). A pattern is
 * refused when the model is saved unless it compiles in both engines and passes safe-regex2
 * (star height at most one: the browser's protection; overlapping alternatives such as
 * `^(a|a)*$` still pass it, and then slow only the browser that types them, never the server).
 */
export function unsafePatternIssues(model: unknown): TContentIssue[] {
  const issues: TContentIssue[] = [];
  for (const pattern of regexValidatorPatterns(model)) {
    let compiles = true;
    try {
      new RegExp(pattern);
      RE2JS.compile(pattern);
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
