import { lazy, Suspense } from 'react';
import { LoadingState, PageContainer } from '@roconnect/shared-lib';
import type { DashboardPageProps } from './DashboardContent';
import { DashboardHeading } from './DashboardHeading';
import { loadDashboardContent } from './loadDashboardData';
import { SignedInHeader } from './SignedInHeader';

// The body reads through the page's query cache, so it comes with React Query in a chunk of its
// own that the landing never downloads (docs/performance.md › Size budgets).
const DashboardContent = lazy(() =>
  loadDashboardContent().then((module) => ({ default: module.DashboardContent })),
);

/** The dashboard: the signed-in header, then its tabs and their data (DashboardContent). */
export function DashboardPage(props: DashboardPageProps) {
  return (
    <>
      <SignedInHeader />
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
    </>
  );
}
