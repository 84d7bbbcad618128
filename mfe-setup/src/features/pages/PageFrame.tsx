import type { ReactNode } from 'react';
import {
  DEFAULT_SERVER_NAME,
  ErrorState,
  LoadingState,
  PageContainer,
  PageHeader,
  Stack,
  dashboardPath,
} from '@roconnect/shared-lib';
import { PageLink } from './PageLink';
import { serverPagePath } from './pagePaths';

export interface ServerPageHeaderProps {
  /** the server's name; the default name until it is known */
  serverName: string | null | undefined;
  /** what this page of the server holds */
  subtitle: string;
  /** the way back, beside the title */
  back: ReactNode;
}

/** A server page's header: the server's name, what the page holds, and the way back. */
export function ServerPageHeader({ serverName, subtitle, back }: ServerPageHeaderProps) {
  return <PageHeader title={serverName || DEFAULT_SERVER_NAME} subtitle={subtitle} action={back} />;
}

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

/** From a page of a server's settings back to its configuration page. */
export function BackToServerLink({ serverId }: { serverId: string }) {
  return (
    <PageLink to={serverPagePath(serverId)} variant="secondary">
      Back to Server Configuration
    </PageLink>
  );
}
