import { lazy, Suspense } from 'react';
import { LoadingState, PageContainer } from '@roconnect/shared-lib';
import type { DashboardPageProps } from './DashboardContent';
import { DashboardHeading } from './DashboardHeading';
import { loadDashboardContent } from './loadDashboardData';

// The body reads through the page's query cache, so it comes with React Query in a chunk of its
// own that the landing never downloads (docs/performance.md › Size budgets).
const DashboardContent = lazy(() =>
  loadDashboardContent().then((module) => ({ default: module.DashboardContent })),
);

/** The dashboard's tabs and their data (DashboardContent), below the signed-in header (SignedInPage). */
export function DashboardPage(props: DashboardPageProps) {
  return (
    <Suspense
      fallback={
        <PageContainer>
          <DashboardHeading />
          <LoadingState label="Loading dashboard..." />
        </PageContainer>
      }
    >
      <DashboardContent {...props} />
    </Suspense>
  );
}
