import {
  type TDecisionOutcome,
  type TRubric,
  ZAssignmentRow,
  ZAutoAssignResponse,
  ZRankingRow,
  ZRecordDecisionsResponse,
  ZReviewer,
  ZRubricResponse,
} from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export function useRubric(callId: string) {
  return useQuery({
    queryKey: [...reviewKeys.call(callId), 'rubric'],
    queryFn: async () => ZRubricResponse.parse(await apiRequest('Review/GetRubric', { query: { callId } })),
  });
}

export function useReviewers(callId: string) {
  return useQuery({
    queryKey: [...reviewKeys.call(callId), 'reviewers'],
    queryFn: async () => z.array(ZReviewer).parse(await apiRequest('Review/GetReviewers', { query: { callId } })),
  });
}

export function useAssignments(callId: string) {
  return useQuery({
    queryKey: [...reviewKeys.call(callId), 'assignments'],
    queryFn: async () =>
      z.array(ZAssignmentRow).parse(await apiRequest('Review/GetAssignments', { query: { callId } })),
  });
}

export function useRanking(callId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewKeys.call(callId), 'ranking'],
    queryFn: async () => z.array(ZRankingRow).parse(await apiRequest('Review/GetRanking', { query: { callId } })),
    enabled,
  });
}

/** Every write refreshes the whole review of the call: assignments change loads, decisions the ranking. */
function useCallMutation<V, R>(callId: string, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.call(callId) }),
  });
}

export const useSaveRubric = (callId: string) =>
  useCallMutation(callId, (rubric: TRubric) => apiRequest('Review/SaveRubric', { method: 'PUT', body: rubric }));

export const useInviteReviewer = (callId: string) =>
  useCallMutation(callId, (body: { email: string; language: string }) =>
    apiRequest('Review/InviteReviewer', { method: 'POST', body: { callId, ...body } }),
  );

export const useAssign = (callId: string) =>
  useCallMutation(callId, (body: { submissionId: string; reviewerUserId: string }) =>
    apiRequest('Review/Assign', { method: 'POST', body: { callId, ...body } }),
  );

export const useUnassign = (callId: string) =>
  useCallMutation(callId, (assignmentId: string) =>
    apiRequest('Review/Unassign', { method: 'POST', query: { assignmentId } }),
  );

export const useAutoAssign = (callId: string) =>
  useCallMutation(callId, async (_: undefined) =>
    ZAutoAssignResponse.parse(await apiRequest('Review/AutoAssign', { method: 'POST', body: { callId } })),
  );

export const useRecordDecisions = (callId: string) =>
  useCallMutation(callId, async (items: Array<{ submissionId: string; outcome: TDecisionOutcome; message: string }>) =>
    ZRecordDecisionsResponse.parse(
      await apiRequest('Review/RecordDecisions', { method: 'POST', body: { callId, items } }),
    ),
  );
