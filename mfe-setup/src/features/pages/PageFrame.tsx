import type { ReactNode } from 'react';
import {
  ErrorState,
  LoadingState,
  PageContainer,
  Stack,
  dashboardPath,
} from '@roconnect/shared-lib';
import { PageLink } from './PageLink';

/** A server page while it loads. */
export function ServerPageLoading({ label }: { label: string }) {
  return (
    <PageContainer>
      <LoadingState label={label} />
    </PageContainer>
  );
}

/** A server page that cannot be shown: why, and the way back. */
export function ServerPageFailed({
  title,
  message,
  back = <BackToDashboardLink />,
}: {
  title: string;
  message: string;
  back?: ReactNode;
}) {
  return (
    <PageContainer>
      <ErrorState title={title} message={message} />
      <Stack align="center">{back}</Stack>
    </PageContainer>
  );
}

export function BackToDashboardLink() {
  return (
    <PageLink to={dashboardPath('servers')} variant="secondary">
      Back to Dashboard
    </PageLink>
  );
}
