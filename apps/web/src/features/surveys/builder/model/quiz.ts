import type { TJsonObject } from '@impact/domain';
import { questionsInOrder } from './tree';

/**
 * Points are a custom property, `points`, on each question that has a `correctAnswer`; a question
 * without it is worth one point, so quizzes saved before the builder keep their total.
 */
export function pointsOf(element: TJsonObject): number {
  const points = Number(element.points);
  return Number.isFinite(points) && points >= 0 && element.points !== undefined ? points : 1;
}

/** The quiz's total: the points of every question that has a correct answer. */
export function totalPoints(model: TJsonObject): number {
  return questionsInOrder(model)
    .filter(({ element }) => element.correctAnswer !== undefined)
    .reduce((sum, { element }) => sum + pointsOf(element), 0);
}
