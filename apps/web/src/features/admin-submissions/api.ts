import { type TSubmissionListItem, ZSubmissionListItem } from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

const key = ['admin', 'submissions'] as const;

export function useAdminSubmissions() {
  return useQuery({
    queryKey: key,
    queryFn: async (): Promise<TSubmissionListItem[]> =>
      z.array(ZSubmissionListItem).parse(await apiRequest('Call/GetSubmissions')),
  });
}

export function useReopenSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) =>
      apiRequest('CallSubmission/ReOpenSubmission', { method: 'POST', query: { submissionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) =>
      apiRequest('CallSubmission/DeleteSubmission', { method: 'POST', query: { submissionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
