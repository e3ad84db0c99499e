import { hasReviewerRole } from '@impact/domain';
import { useMyAssignments } from '../api/reviewer';

/** Whether the user menu offers "My reviews": to those with the reviewer role or with assignments. */
export function useShowsReviews(roles: string[]): boolean {
  const mine = useMyAssignments();
  return hasReviewerRole(roles) || Boolean(mine.data?.length);
}
