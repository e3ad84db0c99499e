import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminIndexPage } from '../features/admin/admin-index-page';
import { SubmissionsTab } from '../features/admin-submissions/submissions-tab';
import { CallsTab } from '../features/call-builder/components/calls-tab';
import { useCanCustomize } from '../features/config/api/can-customize';
import { ConfigList } from '../features/config/components/config-list';
import { AdminUnreadMessagesBadge } from '../features/conversation/components/unread-messages';
import { FrameworksTab } from '../features/impact/components/frameworks-tab';

// The report tab carries the charts: loaded only when the tab is opened.
const ReportTab = lazy(() =>
  import('../features/reports/components/report-tab').then((m) => ({ default: m.ReportTab })),
);

// The portfolio of grants across calls, loaded when its tab is opened.
const PortfolioTab = lazy(() =>
  import('../features/grants/components/portfolio-tab').then((m) => ({ default: m.PortfolioTab })),
);

/** /admin: the admin index, each tab's content from its own feature. */
export function AdminPage() {
  const { t } = useTranslation();
  const canCustomize = useCanCustomize().data?.canCustomize ?? false;
  return (
    <AdminIndexPage
      canCustomize={canCustomize}
      panels={{
        calls: <CallsTab />,
        submissions: <SubmissionsTab UnreadMessages={AdminUnreadMessagesBadge} />,
        report: (
          <Suspense fallback={<Loader aria-label={t('adminIndex.loading')} />}>
            <ReportTab />
          </Suspense>
        ),
        portfolio: (
          <Suspense fallback={<Loader aria-label={t('adminIndex.loading')} />}>
            <PortfolioTab />
          </Suspense>
        ),
        customize: canCustomize && <ConfigList />,
        impactframe: <FrameworksTab />,
      }}
    />
  );
}
