import { useId } from 'react';
import styled from 'styled-components';
import { Avatar, Button, Card, Stack, navigate, type LinkedAccount } from '@roconnect/shared-lib';
import { VerifiedInList } from '../../features/accounts/VerifiedInList';
import { linkedOnText } from '../../features/accounts/linkedDate';

const Item = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(5)};
  }
`;

const Username = styled.h3`
  margin: 0;
  font-size: 1.1rem;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};

  & > * {
    flex: 1 1 140px;
  }
`;

interface Props {
  account: LinkedAccount;
  onUnlink: (account: LinkedAccount) => void;
}

export function AccountCard({ account, onUnlink }: Props) {
  const nameId = useId();
  return (
    <Item as="li">
      <Stack direction="row" align="center" wrap={false}>
        <Avatar src={account.roblox_avatar} name={account.roblox_username} size={48} />
        <Stack gap={1}>
          <Username id={nameId}>{account.roblox_username}</Username>
          <Meta>{linkedOnText(account.linked_at)}</Meta>
          <div>
            <VerifiedInList account={account} />
          </div>
        </Stack>
      </Stack>
      <Actions>
        {/* The button names stay the product's words; the description says which account they act on. */}
        <Button
          size="sm"
          onClick={() => navigate(`/verify?account_id=${encodeURIComponent(account.id)}`)}
          aria-describedby={nameId}
        >
          Verify in a Server
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onUnlink(account)}
          aria-describedby={nameId}
        >
          Unlink
        </Button>
      </Actions>
    </Item>
  );
}
