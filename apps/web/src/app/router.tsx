import { createBrowserRouter } from 'react-router';
import { AdminIndexPage } from '../features/admin/admin-index-page';
import { RequireAdmin, RequireAuth } from '../features/auth/guards';
import { LoginCallbackPage } from '../features/auth/login-callback-page';
import { LogoutCallbackPage } from '../features/auth/logout-callback-page';
import { CallsPage } from '../features/calls/calls-page';
import { EditOrganizationPage } from '../features/organizations/pages/edit-organization-page';
import { OrganizationListPage } from '../features/organizations/pages/organization-list-page';
import { RegisterOrganizationPage } from '../features/organizations/pages/register-organization-page';
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
            { path: 'register-org', element: <RegisterOrganizationPage /> },
            { path: 'org/list', element: <OrganizationListPage /> },
            { path: 'org/edit/:organizationId', element: <EditOrganizationPage /> },
            { path: 'admin', element: <RequireAdmin />, children: [{ index: true, element: <AdminIndexPage /> }] },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
