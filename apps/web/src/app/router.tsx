import { createBrowserRouter } from 'react-router';
import { RequireAdmin, RequireAuth } from '../features/auth/guards';
import { LoginCallbackPage } from '../features/auth/login-callback-page';
import { LogoutCallbackPage } from '../features/auth/logout-callback-page';
import { WelcomePage } from '../features/welcome/welcome-page';
import { CallsRoute } from './calls-page';
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
        // Public: whoever cannot sign in must still be able to read it.
        {
          path: 'accessibility',
          lazy: () =>
            import('../features/accessibility/accessibility-page').then((m) => ({ Component: m.AccessibilityPage })),
        },
        {
          element: <RequireAuth />,
          children: [
            { path: 'calls', element: <CallsRoute /> },
            // A call's eligibility screener, answered before its application is started.
            {
              path: 'calls/:callId/eligibility',
              lazy: () =>
                import('../features/screening/pages/eligibility-page').then((m) => ({ Component: m.EligibilityPage })),
            },
            // Only the welcome and call list pages are in the entry bundle; every other page (the
            // wizard, the admin panel with its editor, date pickers and charts) loads when visited.
            // bench/bundle.bench.ts holds the entry to its size budget.
            {
              path: 'call/:submissionId/*',
              lazy: () => import('./wizard-page').then((m) => ({ Component: m.WizardPage })),
            },
            {
              path: 'register-org',
              lazy: () =>
                import('../features/organizations/pages/register-organization-page').then((m) => ({
                  Component: m.RegisterOrganizationPage,
                })),
            },
            {
              path: 'privacy',
              lazy: () => import('../features/privacy/pages/my-data-page').then((m) => ({ Component: m.MyDataPage })),
            },
            {
              path: 'org/list',
              lazy: () =>
                import('../features/organizations/pages/organization-list-page').then((m) => ({
                  Component: m.OrganizationListPage,
                })),
            },
            {
              path: 'org/edit/:organizationId',
              lazy: () =>
                import('../features/organizations/pages/edit-organization-page').then((m) => ({
                  Component: m.EditOrganizationPage,
                })),
            },
            {
              path: 'org/members/:organizationId',
              lazy: () =>
                import('../features/organizations/pages/organization-members-page').then((m) => ({
                  Component: m.OrganizationMembersPage,
                })),
            },
            {
              path: 'powerbi-report-rls/:wid/:rid/:oid',
              lazy: () =>
                import('../features/reports/pages/powerbi-report-rls-page').then((m) => ({
                  Component: m.PowerBiReportRlsPage,
                })),
            },
            // The grants of the caller's organizations and the answer to an award letter.
            {
              path: 'grants',
              lazy: () =>
                import('../features/grants/pages/my-grants-page').then((m) => ({ Component: m.MyGrantsPage })),
            },
            {
              path: 'grants/:grantId',
              lazy: () => import('./grant-route').then((m) => ({ Component: m.GrantRoute })),
            },
            // The reviewer's workspace; the server scopes every answer to their own assignments.
            {
              path: 'review',
              lazy: () =>
                import('../features/review/pages/my-reviews-page').then((m) => ({ Component: m.MyReviewsPage })),
            },
            {
              path: 'review/:assignmentId',
              lazy: () => import('./step-types/review-route').then((m) => ({ Component: m.ReviewWorkspaceRoute })),
            },
            {
              path: 'admin',
              element: <RequireAdmin />,
              children: [
                {
                  index: true,
                  lazy: () => import('./admin-page').then((m) => ({ Component: m.AdminPage })),
                },
                {
                  path: 'attachments/:subId',
                  lazy: () =>
                    import('../features/admin-submissions/attachments-page').then((m) => ({
                      Component: m.AttachmentsPage,
                    })),
                },
                // The call builder pages carry the rich-text editor: loaded on demand, outside the applicant bundle.
                {
                  path: 'customize',
                  lazy: () =>
                    import('../features/config/pages/customize-page').then((m) => ({ Component: m.CustomizePage })),
                },
                {
                  path: 'customize/:configId',
                  lazy: () =>
                    import('../features/config/pages/config-edit-page').then((m) => ({ Component: m.ConfigEditPage })),
                },
                {
                  path: 'file-upload',
                  lazy: () =>
                    import('../features/admin-files/pages/file-upload-page').then((m) => ({
                      Component: m.FileUploadPage,
                    })),
                },
                {
                  path: 'data-requests',
                  lazy: () =>
                    import('../features/privacy/pages/data-requests-page').then((m) => ({
                      Component: m.DataRequestsPage,
                    })),
                },
                {
                  path: 'webhooks',
                  lazy: () =>
                    import('../features/webhooks/pages/webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
                },
                {
                  path: 'audit',
                  lazy: () => import('../features/audit/pages/audit-page').then((m) => ({ Component: m.AuditPage })),
                },
                {
                  path: 'jobs',
                  lazy: () => import('../features/jobs/pages/jobs-page').then((m) => ({ Component: m.JobsPage })),
                },
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
                  path: 'calls/create/survey',
                  lazy: () =>
                    import('../features/call-builder/pages/create-survey-call-page').then((m) => ({
                      Component: m.CreateSurveyCallPage,
                    })),
                },
                {
                  path: 'survey/creator',
                  lazy: () =>
                    import('../features/surveys/pages/survey-creator-page').then((m) => ({
                      Component: m.SurveyCreatorPage,
                    })),
                },
                {
                  path: 'survey/createType',
                  lazy: () =>
                    import('../features/surveys/pages/create-survey-type-page').then((m) => ({
                      Component: m.CreateSurveyTypePage,
                    })),
                },
                // A report's form: the steps of its hidden call (decision 0044).
                {
                  path: 'report-forms/:formCallId',
                  lazy: () =>
                    import('../features/call-builder/pages/report-form-page').then((m) => ({
                      Component: m.ReportFormPage,
                    })),
                },
                {
                  path: 'calls/edit/call/:callId',
                  lazy: () =>
                    import('../features/call-builder/pages/edit-call-page').then((m) => ({
                      Component: m.EditCallPage,
                    })),
                },
                // Survey results and Power BI reports (charts load with these pages only).
                {
                  path: 'report-list/:callId/:callTypeId',
                  lazy: () =>
                    import('../features/reports/pages/report-list-page').then((m) => ({ Component: m.ReportListPage })),
                },
                {
                  path: 'report/:callId/:stepId',
                  lazy: () =>
                    import('../features/reports/pages/survey-report-page').then((m) => ({
                      Component: m.SurveyReportPage,
                    })),
                },
                {
                  path: 'pbi-report-list',
                  lazy: () =>
                    import('../features/reports/pages/pbi-report-list-page').then((m) => ({
                      Component: m.PbiReportListPage,
                    })),
                },
                {
                  path: 'powerbi-report/:wid/:rid',
                  lazy: () =>
                    import('../features/reports/pages/powerbi-report-page').then((m) => ({
                      Component: m.PowerBiReportPage,
                    })),
                },
                {
                  path: 'calls/:callId',
                  lazy: () => import('./call-editor-page').then((m) => ({ Component: m.CallEditorRoute })),
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
