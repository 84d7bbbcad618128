import { Link } from '../../router';
import styled from 'styled-components';
import {
  Avatar,
  BRAND,
  BrandLockup,
  Button,
  discordAvatarUrl,
  type User,
} from '@roconnect/shared-lib';

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  flex-wrap: wrap;
`;
const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 800;
  font-size: 1.2rem;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;
const UserBox = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

interface Props {
  user: User | null;
  onLogout: () => void;
  loggingOut: boolean;
}

export function DashboardHeader({ user, onLogout, loggingOut }: Props) {
  const name = user?.global_name || user?.username || '';
  return (
    <Bar>
      <Logo to="/" aria-label={`${BRAND.product} home`}>
        <BrandLockup />
      </Logo>
      <UserBox>
        {user && (
          <>
            <Avatar src={discordAvatarUrl(user.discord_id, user.avatar)} name={name} size={36} />
            <span data-testid="header-username">{user.username}</span>
          </>
        )}
        <Button variant="secondary" size="sm" onClick={onLogout} loading={loggingOut}>
          Logout
        </Button>
      </UserBox>
    </Bar>
  );
}
