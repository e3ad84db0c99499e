/**
 * Query keys of the review feature: one per call (the admin's views, invalidated as a whole), the
 * reviewer's list, and one per assignment. Kept apart so the user menu's link carries no admin code.
 */
export const reviewKeys = {
  call: (callId: string) => ['review', 'call', callId] as const,
  mine: ['review', 'mine'] as const,
  workspace: (assignmentId: string) => ['review', 'workspace', assignmentId] as const,
};
