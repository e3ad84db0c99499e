import { createBrowserRouter } from 'react-router';
import { AdminIndexPage } from '../features/admin/admin-index-page';
import { AttachmentsPage } from '../features/admin-submissions/attachments-page';
import { CallsPage } from '../features/applying/pages/calls-page';
import { SubmissionPage } from '../features/applying/pages/submission-page';
import { RequireAdmin, RequireAuth } from '../features/auth/guards';
import { LoginCallbackPage } from '../features/auth/login-callback-page';
import { LogoutCallbackPage } from '../features/auth/logout-callback-page';
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
            { path: 'call/:submissionId/*', element: <SubmissionPage /> },
            { path: 'register-org', element: <RegisterOrganizationPage /> },
            { path: 'org/list', element: <OrganizationListPage /> },
            { path: 'org/edit/:organizationId', element: <EditOrganizationPage /> },
            {
              path: 'admin',
              element: <RequireAdmin />,
              children: [
                { index: true, element: <AdminIndexPage /> },
                { path: 'attachments/:subId', element: <AttachmentsPage /> },
                // The call builder pages carry the rich-text editor: loaded on demand, outside the applicant bundle.
                {
                  path: 'impact-framework',
                  lazy: () =>
                    import('../features/impact/pages/framework-create-page').then((m) => ({
                      Component: m.FrameworkCreatePage,
                    })),
                },
                {
                  path: 'impact-framework/:id',
                  lazy: () =>
                    import('../features/impact/pages/framework-detail-page').then((m) => ({
                      Component: m.FrameworkDetailPage,
                    })),
                },
                {
                  path: 'steps',
                  lazy: () =>
                    import('../features/call-builder/pages/step-types-page').then((m) => ({
                      Component: m.StepTypesPage,
                    })),
                },
                {
                  path: 'calls/create/type',
                  lazy: () =>
                    import('../features/call-builder/pages/create-call-type-page').then((m) => ({
                      Component: m.CreateCallTypePage,
                    })),
                },
                {
                  path: 'calls/edit/call/:callId',
                  lazy: () =>
                    import('../features/call-builder/pages/edit-call-page').then((m) => ({
                      Component: m.EditCallPage,
                    })),
                },
                {
                  path: 'calls/:callId',
                  lazy: () =>
                    import('../features/call-builder/pages/call-editor-page').then((m) => ({
                      Component: m.CallEditorPage,
                    })),
                },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
