import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  Button,
  DEFAULT_SERVER_NAME,
  PageContainer,
  PageHeader,
  SERVER_CONSOLE_SECTIONS,
  dashboardPath,
  navigate,
  type ServerConsoleSection,
} from '@roconnect/shared-lib';
import { SectionNav } from './SectionNav';
import { ServerSwitcher } from './ServerSwitcher';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: calc(${({ theme }) => theme.breakpoints.md} + 1px)) {
    grid-template-columns: 13rem minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(6)};
  }
`;

const Content = styled.div`
  min-width: 0;
`;

export interface ConsoleFrameProps {
  serverId: string;
  serverName: string | null | undefined;
  section: ServerConsoleSection;
  children: ReactNode;
}

/**
 * The server console's frame (docs/product.md › Server configuration): the server's name as the title,
 * the section under it, a server switcher and the way back, and the section navigation beside
 * (or, on phones, above) the section itself.
 */
export function ConsoleFrame({ serverId, serverName, section, children }: ConsoleFrameProps) {
  const current = SERVER_CONSOLE_SECTIONS.find((row) => row.section === section);
  useScrollToTopOnChange(`${serverId}/${section}`);
  return (
    <PageContainer>
      <PageHeader
        title={serverName || DEFAULT_SERVER_NAME}
        subtitle={current?.label}
        action={
          <Actions>
            <ServerSwitcher serverId={serverId} section={section} />
            <Button variant="secondary" onClick={() => navigate(dashboardPath('servers'))}>
              Back to Dashboard
            </Button>
          </Actions>
        }
      />
      <Layout>
        <SectionNav serverId={serverId} section={section} />
        <Content>{children}</Content>
      </Layout>
    </PageContainer>
  );
}

/** Another section or server opens at its top, as another page would; the first view stays put. */
function useScrollToTopOnChange(key: string) {
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [key]);
}
