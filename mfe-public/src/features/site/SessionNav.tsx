import styled from 'styled-components';
import { Avatar, discordAvatarUrl, LinkButton } from '@roconnect/shared-lib';
import { onInternalClick } from '../navigation/internalLink';
import { useSessionState } from './useSessionState';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const User = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  font-weight: 600;
`;

const Username = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  max-width: 16ch;
`;

/**
 * Signed in: avatar, username and a Dashboard link; otherwise a Login link. Nothing is shown
 * while the shell is still checking the stored token, so the bar does not flicker
 * (docs/product.md › Landing).
 */
export function SessionNav() {
  const { status, user } = useSessionState();
  if (status === 'unknown') return <Nav aria-label="Account" aria-busy="true" />;

  return (
    <Nav aria-label="Account">
      {status === 'authenticated' && user ? (
        <>
          <User>
            <Avatar
              src={discordAvatarUrl(user.discord_id, user.avatar)}
              name={user.username}
              size={32}
            />
            <Username>{user.username}</Username>
          </User>
          <LinkButton href="/dashboard" onClick={onInternalClick('/dashboard')} size="sm">
            Dashboard
          </LinkButton>
        </>
      ) : (
        <LinkButton href="/login" onClick={onInternalClick('/login')} size="sm" variant="secondary">
          Login
        </LinkButton>
      )}
    </Nav>
  );
}
