import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { DEFAULT_CONFIG, EMPTY_ID } from '@impact/domain';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { configQueryKey, getConfig } from './features/config/api/get-config';
import { chooseLanguage, initI18n } from './features/i18n/i18n';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

async function start() {
  // Branding decides the default language, so it is read before the first render.
  const config = await getConfig().catch(() => ({ id: EMPTY_ID, ...DEFAULT_CONFIG }));
  queryClient.setQueryData(configQueryKey, config);
  await initI18n(chooseLanguage(config.defaultLanguage));
  document.title = config.name;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
}

void start();
