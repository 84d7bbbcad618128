import { useId } from 'react';
import styled, { css, keyframes } from 'styled-components';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CARD_ANIMATION_DELAY_S,
  Stack,
  discordGuildIconUrl,
  type HealthProblem,
  type Server,
} from '@roconnect/shared-lib';
import { NeedsAttentionBadge } from '../../features/health/NeedsAttentionBadge';
import { formatMemberCount } from './formatMemberCount';
import { ServerCardAction } from './ServerCardAction';
import type { SetupStatusEntry } from './useSetupStatuses';

const riseIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: translateY(0); }
`;

const CardItem = styled(Card).attrs({ as: 'li' })<{ $index: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};

  @media (prefers-reduced-motion: no-preference) {
    ${({ $index }) => css`
      animation: ${riseIn} 0.3s ease-out both;
      animation-delay: ${($index * CARD_ANIMATION_DELAY_S).toFixed(2)}s;
    `}
  }
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1.0625rem;
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: auto;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface ServerCardProps {
  server: Server;
  /** position in the list, for the staggered entrance */
  index: number;
  setupStatus: SetupStatusEntry | undefined;
  /** what the bot's health check found (empty: all good; undefined: not checked) */
  healthProblems?: HealthProblem[];
  onSetupServer?: (serverId: string, serverName: string) => void;
  onEditServer?: (serverId: string) => void;
  /** a re-check of the bot's presence runs for this server */
  checkingBot?: boolean;
  /** Check bot status on a card without the bot; undefined while another check runs */
  onCheckBot?: () => void;
}

export function ServerCard({
  server,
  index,
  setupStatus,
  healthProblems,
  onSetupServer,
  onEditServer,
  checkingBot = false,
  onCheckBot,
}: ServerCardProps) {
  const nameId = useId();
  return (
    <CardItem $index={index} data-server-id={server.server_id}>
      <Stack direction="row" align="center" wrap={false}>
        {/* Decorative: the name is the heading right beside it. */}
        <span aria-hidden="true">
          <Avatar
            src={discordGuildIconUrl(server.server_id, server.server_icon)}
            name={server.server_name}
            size={48}
            shape="rounded"
          />
        </span>
        <div>
          <Name id={nameId}>{server.server_name}</Name>
          <Facts>
            <span>{server.owner ? 'Owner' : 'Member'}</span>
            <span>{formatMemberCount(server.member_count)}</span>
          </Facts>
        </div>
      </Stack>
      <Footer>
        <Badges>
          <Badge tone={server.bot_added ? 'success' : 'neutral'}>
            {server.bot_added ? 'Bot Added' : 'No Bot'}
          </Badge>
          {healthProblems && healthProblems.length > 0 && (
            <NeedsAttentionBadge problems={healthProblems} />
          )}
        </Badges>
        <ServerCardAction
          server={server}
          setupStatus={setupStatus}
          describedBy={nameId}
          onSetupServer={onSetupServer}
          onEditServer={onEditServer}
        />
        {!server.bot_added && (
          <Button
            size="sm"
            variant="ghost"
            fullWidth
            aria-describedby={nameId}
            loading={checkingBot}
            disabled={!onCheckBot && !checkingBot}
            onClick={onCheckBot}
          >
            {checkingBot ? 'Checking...' : 'Check bot status'}
          </Button>
        )}
      </Footer>
    </CardItem>
  );
}
