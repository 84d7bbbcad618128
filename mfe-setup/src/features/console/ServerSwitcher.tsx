import styled from 'styled-components';
import { Button, serverConsolePath, type ServerConsoleSection } from '@roconnect/shared-lib';
import { useUserServers } from '@roconnect/shared-lib/query';
import { openInApp } from '../pages/PageLink';
import { useDisclosure } from './useDisclosure';

const Root = styled.div`
  position: relative;
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => theme.space(1)});
  z-index: 10;
  min-width: 14rem;
  max-width: min(20rem, calc(100vw - ${({ theme }) => theme.space(6)}));
  margin: 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Choice = styled.a`
  display: block;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  overflow-wrap: anywhere;
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

export interface ServerSwitcherProps {
  serverId: string;
  section: ServerConsoleSection;
}

/**
 * The other servers the user manages where the bot is, each a link to the same section there
 * (`/server/edit/A/audit` → `/server/edit/B/audit`). Nothing when there is no other server, or
 * while the list is unknown.
 */
export function ServerSwitcher({ serverId, section }: ServerSwitcherProps) {
  const servers = useUserServers();
  const menu = useDisclosure();
  const others = (servers.data ?? []).filter(
    (server) => server.can_manage && server.bot_added && server.server_id !== serverId,
  );
  if (others.length === 0) return null;
  return (
    <Root ref={menu.rootRef}>
      <Button type="button" variant="secondary" {...menu.buttonProps}>
        Switch server
      </Button>
      {menu.open && (
        <Menu id={menu.panelId} aria-label="Your servers">
          {others.map((server) => {
            const to = serverConsolePath(server.server_id, section);
            return (
              <li key={server.server_id}>
                <Choice href={to} onClick={openInApp(to, menu.close)}>
                  {server.server_name}
                </Choice>
              </li>
            );
          })}
        </Menu>
      )}
    </Root>
  );
}
