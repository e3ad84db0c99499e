import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { firstPageStaleTime } from './first-page-data';

/**
 * The app's query client, and what a lost connection does (SPEC 4: a network error returns to /).
 * Read safely (docs/decisions/0020): only a page that could not load what it shows returns to /,
 * having nothing to show. A refresh in the background (the messages' poll, a list refetched) or a
 * save the person asked for keeps them where they are, with what they typed, and the page says the
 * save failed: sending them home would throw their work away. A query may also opt out entirely
 * (`meta.keepOnNetworkError`: the wizard's own reads).
 */
export function createQueryClient(goHome: () => void): QueryClient {
  const lostConnection = (error: unknown) => error instanceof ApiError && error.isNetworkError;
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: firstPageStaleTime } },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (lostConnection(error) && query.state.data === undefined && !query.meta?.keepOnNetworkError) goHome();
      },
    }),
  });
}
