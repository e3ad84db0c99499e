import { type TSaveReviewRequest, ZMyAssignment, ZOtherReview, ZReviewDraft, ZReviewWorkspace } from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** The signed-in user's assignments: empty for everyone who is not a reviewer. */
export function useMyAssignments() {
  return useQuery({
    queryKey: reviewKeys.mine,
    queryFn: async () => z.array(ZMyAssignment).parse(await apiRequest('Review/GetMyAssignments')),
    staleTime: 60_000,
  });
}

export function useWorkspace(assignmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.workspace(assignmentId),
    queryFn: async () =>
      ZReviewWorkspace.parse(await apiRequest('Review/GetReviewWorkspace', { query: { assignmentId } })),
    enabled,
    retry: false,
  });
}

export function useOtherReviews(assignmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewKeys.workspace(assignmentId), 'others'],
    queryFn: async () =>
      z.array(ZOtherReview).parse(await apiRequest('Review/GetOtherReviews', { query: { assignmentId } })),
    enabled,
  });
}

export function useDeclareConflict(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { conflict: boolean; reason: string }) =>
      apiRequest('Review/DeclareConflict', { method: 'POST', body: { assignmentId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['review'] }),
  });
}

export async function saveReview(body: TSaveReviewRequest) {
  return ZReviewDraft.parse(await apiRequest('Review/SaveReview', { method: 'PUT', body }));
}

export function useSubmitReview(assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) =>
      ZReviewDraft.parse(await apiRequest('Review/SubmitReview', { method: 'POST', body: { assignmentId, version } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['review'] }),
  });
}
