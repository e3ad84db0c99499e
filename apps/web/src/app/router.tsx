import { createBrowserRouter } from 'react-router';
import { AdminIndexPage } from '../features/admin/admin-index-page';
import { RequireAdmin, RequireAuth } from '../features/auth/guards';
import { LoginCallbackPage } from '../features/auth/login-callback-page';
import { LogoutCallbackPage } from '../features/auth/logout-callback-page';
import { CallsPage } from '../features/calls/calls-page';
import { WelcomePage } from '../features/welcome/welcome-page';
import { ErrorPage } from './error-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <ErrorPage />,
      children: [
        { index: true, element: <WelcomePage /> },
        { path: 'login-callback', element: <LoginCallbackPage /> },
        { path: 'logout-callback', element: <LogoutCallbackPage /> },
        {
          element: <RequireAuth />,
          children: [
            { path: 'calls', element: <CallsPage /> },
            { path: 'admin', element: <RequireAdmin />, children: [{ index: true, element: <AdminIndexPage /> }] },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
