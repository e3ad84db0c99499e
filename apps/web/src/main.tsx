import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { DEFAULT_CONFIG, EMPTY_ID } from '@impact/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadFirstPageData } from './app/first-page-data';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { configQueryKey, getConfig } from './lib/api/get-config';
import { chooseLanguage, initI18n } from './lib/i18n/i18n';
import { loadTranslations } from './lib/i18n/resources';
import { bootstrapSession, endSessionLocally, refreshAccessToken } from './lib/session';
import { accessToken } from './lib/session-store';
import { rememberWantedCall } from './lib/wanted-call';
// Sends the selected organization as X-Organization-Id on every request (SPEC 6).
import './lib/selected-organization';
import { configureApiClient } from './lib/api-client';
import { keepFocusThroughDisabling } from './lib/keep-focus-through-disabling';

const router = createRouter();

// A button disabled while it saves gives the keyboard's place back when it is enabled again.
keepFocusThroughDisabling();

const queryClient = createQueryClient(() => void router.navigate('/'));

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
  // Before anything can send the visitor home to sign in, which would drop the address's query.
  rememberWantedCall();
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
