import {
  hasSecondStage,
  NEXT_CURSOR_HEADER,
  SUBMISSIONS_PAGE_SIZE,
  type TDecisionOutcome,
  type TInviteToStageRequest,
  TOTAL_COUNT_HEADER,
  type TPreviewStageInvitationRequest,
  type TSubmissionListItem,
  type TSubmissionStatusFilter,
  ZCall,
  ZInviteToStageResponse,
  ZStageInvitationPreview,
  ZSubmissionListItem,
} from '@impact/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

const key = ['admin', 'submissions'] as const;

export type SubmissionFilters = {
  callId?: string | undefined;
  closed?: boolean | undefined;
  /** Where it stands, as the status badge says it. */
  status?: TSubmissionStatusFilter | undefined;
  /** The decision recorded, or none yet. */
  outcome?: TDecisionOutcome | 'none' | undefined;
  /** The stage reached (a call in two stages: 2 once invited). */
  stage?: 1 | 2 | undefined;
  search?: string | undefined;
};
export type SubmissionPage = { items: TSubmissionListItem[]; total: number; nextCursor: string | null };

/** GET Call/GetSubmissions, one page at a time: filtered and counted by the server. */
export function useAdminSubmissions(filters: SubmissionFilters, cursor: string | null) {
  return useQuery({
    queryKey: [...key, filters, cursor],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<SubmissionPage> => {
      let total = 0;
      let nextCursor: string | null = null;
      const body = await apiRequest('Call/GetSubmissions', {
        query: {
          callId: filters.callId,
          closed: filters.closed,
          status: filters.status,
          outcome: filters.outcome,
          stage: filters.stage,
          search: filters.search || undefined,
          limit: SUBMISSIONS_PAGE_SIZE,
          cursor: cursor ?? undefined,
        },
        onHeaders: (headers) => {
          total = Number(headers.get(TOTAL_COUNT_HEADER) ?? 0);
          nextCursor = headers.get(NEXT_CURSOR_HEADER);
        },
      });
      return { items: z.array(ZSubmissionListItem).parse(body), total, nextCursor };
    },
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

/** Whether the call runs in two stages (it has stage-2 steps): its invite action is offered then. */
export function useIsTwoStageCall(callId: string | null) {
  return useQuery({
    queryKey: ['admin', 'two-stage-call', callId],
    enabled: Boolean(callId),
    queryFn: async () =>
      hasSecondStage(ZCall.parse(await apiRequest('Call/GetCallByIdAdmin', { query: { callId: callId ?? '' } })).steps),
  });
}

/** POST Call/PreviewStageInvitation: the invitation mail in each language; sends nothing. */
export function usePreviewStageInvitation() {
  return useMutation({
    mutationFn: async (request: TPreviewStageInvitationRequest) =>
      ZStageInvitationPreview.parse(await apiRequest('Call/PreviewStageInvitation', { method: 'POST', body: request })),
  });
}

/** POST Call/InviteToStage: the selected organizations go on to stage 2, each with a mail. */
export function useInviteToStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: TInviteToStageRequest) =>
      ZInviteToStageResponse.parse(await apiRequest('Call/InviteToStage', { method: 'POST', body: request })),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
