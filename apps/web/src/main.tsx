import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { DEFAULT_CONFIG, EMPTY_ID } from '@impact/domain';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { firstPageStaleTime, loadFirstPageData } from './app/first-page-data';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { configQueryKey, getConfig } from './lib/api/get-config';
import { chooseLanguage, initI18n } from './lib/i18n/i18n';
import { loadTranslations } from './lib/i18n/resources';
import { bootstrapSession, endSessionLocally, refreshAccessToken } from './lib/session';
import { accessToken } from './lib/session-store';
// Sends the selected organization as X-Organization-Id on every request (SPEC 6).
import './lib/selected-organization';
import { ApiError, configureApiClient } from './lib/api-client';

const router = createRouter();

/** SPEC 4: a network error returns to /, unless a query opts out (autosave keeps the user where they are). */
function goHomeOnNetworkError(error: unknown, meta: Record<string, unknown> | undefined) {
  if (error instanceof ApiError && error.isNetworkError && !meta?.keepOnNetworkError) void router.navigate('/');
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: firstPageStaleTime } },
  queryCache: new QueryCache({ onError: (error, query) => goHomeOnNetworkError(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => goHomeOnNetworkError(error, mutation.meta),
  }),
});

configureApiClient({
  getAccessToken: accessToken,
  refreshAccessToken,
  // SPEC 4: 401 (after a failed renewal), 403 or 498 clear the session and return to /.
  onSessionLost: () => {
    endSessionLocally();
    queryClient.clear();
    void router.navigate('/', { replace: true });
  },
});

async function start() {
  // Branding decides the default language, so it is read before the first render. The likely
  // language's texts (the reader's stored choice, else Italian) are fetched meanwhile, not after.
  void loadTranslations(chooseLanguage(undefined));
  const [config] = await Promise.all([
    getConfig().catch(() => ({ id: EMPTY_ID, ...DEFAULT_CONFIG })),
    bootstrapSession().catch(() => undefined),
  ]);
  queryClient.setQueryData(configQueryKey, config);
  await Promise.all([
    initI18n(chooseLanguage(config.defaultLanguage)),
    loadFirstPageData(queryClient, window.location.pathname),
  ]);
  document.title = config.name;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const reactRoot = createRoot(root);
  // A transition lets React render the first page in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that holds up input on a slow device.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();
