import { USER_CALL_PAGE_SIZE } from '@impact/domain';
import type { Query, QueryClient } from '@tanstack/react-query';
import { userCallsQuery } from '../features/applying/api/calls';
import { submissionCallQuery } from '../features/applying/api/submission-call';
import { submissionQuery } from '../features/applying/api/submissions';
import { getOrganizations, organizationListQueryKey } from '../lib/api/get-organizations';
import { hasEarlyRequest } from '../lib/early-responses';
import { getSelectedOrganizationId } from '../lib/selected-organization';

/**
 * What a signed-in first visit's page shows, put in the query cache before the first render when
 * the page's first script has already asked for it (boot/early-requests.ts). The first render then
 * draws the page with its content, once, instead of an empty page drawn again as each answer
 * arrives (each of those a long task on a slow phone, after the first paint). Nothing is asked for
 * here that the early script did not ask for already, so the first render never waits for a new
 * round trip; what is missing the pages ask for themselves, as on any other visit.
 */
export async function loadFirstPageData(queryClient: QueryClient, pathname: string): Promise<void> {
  if (!hasEarlyRequest('GET', '/api/Organization/GetOrganizations')) return;
  loaded.from = Date.now();
  try {
    await loadInto(queryClient, pathname);
  } finally {
    loaded.until = Date.now();
  }
}

async function loadInto(queryClient: QueryClient, pathname: string) {
  await queryClient.prefetchQuery({ queryKey: organizationListQueryKey, queryFn: getOrganizations });
  const organizationId = getSelectedOrganizationId();
  if (pathname === '/calls' && organizationId) {
    if (hasEarlyRequest('GET', `/api/Call/GetCallListUser?page=1&pageSize=${USER_CALL_PAGE_SIZE}`)) {
      await queryClient.prefetchInfiniteQuery(userCallsQuery(organizationId));
    }
    return;
  }
  const submissionId = /^\/call\/([0-9a-fA-F-]{36})(\/|$)/.exec(pathname)?.[1];
  if (!submissionId || !hasEarlyRequest('GET', `/api/Call/GetSubmissionByID?submissionId=${submissionId}`)) return;
  const submission = submissionQuery(submissionId, false);
  await queryClient.prefetchQuery(submission);
  const callId = queryClient.getQueryData(submission.queryKey)?.callId;
  if (callId && hasEarlyRequest('GET', `/api/Call/GetCallById?callId=${callId}`)) {
    await queryClient.prefetchQuery(submissionCallQuery(callId, false));
  }
}

/** When loadFirstPageData ran (Date.now(), as the query cache dates its answers). */
const loaded = { from: Number.POSITIVE_INFINITY, until: Number.NEGATIVE_INFINITY };
const FRESH_FOR_MS = 10_000;

/**
 * The queries' default staleTime (main.tsx): what loadFirstPageData put in the cache is not asked
 * for again by the components that mount with it in the next seconds; everything else is stale at
 * once, as before.
 */
export function firstPageStaleTime(query: Query): number {
  const at = query.state.dataUpdatedAt;
  return at >= loaded.from && at <= loaded.until ? FRESH_FOR_MS : 0;
}
