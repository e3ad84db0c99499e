import { ZSubmissionRecord } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';

/** GET Call/GetSubmissionRecords: what was submitted at each closing, newest first. */
export function useSubmissionRecords(submissionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['submissions', submissionId, 'records'],
    queryFn: async () =>
      z.array(ZSubmissionRecord).parse(await apiRequest('Call/GetSubmissionRecords', { query: { submissionId } })),
    enabled,
  });
}
