/** SPEC 3 "Quiz result": 12 questions; each compared on its first answer; score = correct ÷ answers. */
export const QUIZ_QUESTION_COUNT = 12;

export type TQuizOutcome = { recap: Record<string, boolean>; correctAnswersCount: number; score: number };

export function scoreQuiz(answers: Record<string, unknown>, correct: Record<string, unknown>): TQuizOutcome {
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const recap: Record<string, boolean> = {};
  for (const question of Object.keys(correct)) {
    recap[question] = answers[question] !== undefined && first(answers[question]) === first(correct[question]);
  }
  const total = Object.keys(recap).length;
  const correctAnswersCount = Object.values(recap).filter(Boolean).length;
  return { recap, correctAnswersCount, score: total === 0 ? 0 : correctAnswersCount / total };
}
