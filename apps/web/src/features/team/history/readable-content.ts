/**
 * A stored answer as text a person can compare: a text step's answer itself, any other answer
 * (surveys, quizzes: JSON) laid out one value per line, so a change shows where it is.
 */
export function readableContent(content: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return content;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const keys = Object.keys(parsed);
    const answer = (parsed as Record<string, unknown>).answer;
    if (keys.length === 1 && typeof answer === 'string') return answer;
  }
  return typeof parsed === 'string' ? parsed : JSON.stringify(parsed, null, 2);
}
