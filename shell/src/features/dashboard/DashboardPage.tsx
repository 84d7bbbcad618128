import { lazy, Suspense } from 'react';
import { LoadingState, PageContainer, VisuallyHidden } from '@roconnect/shared-lib';
import type { DashboardPageProps } from './DashboardContent';
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
      {/* the page's one level-one heading, for screen readers: the tabs name its parts */}
      <VisuallyHidden as="h1">Dashboard</VisuallyHidden>
      <Suspense
        fallback={
          <PageContainer>
            <LoadingState label="Loading dashboard..." />
          </PageContainer>
        }
      >
        <DashboardContent {...props} />
      </Suspense>
    </>
  );
}
