import { useId } from 'react';
import styled from 'styled-components';
import {
  Card,
  DEFAULT_VERIFIED_ROLE_NAME,
  Stack,
  serverConsolePath,
  type ServerConsoleSection,
} from '@roconnect/shared-lib';
import { BotHealthPanel } from '../../../features/health/BotHealthPanel';
import { nicknameFormatLabel } from '../../../features/nickname/nicknameFormatOptions';
import { openInApp } from '../../../features/pages/PageLink';
import { VerifyLinkCard } from '../../../features/verifyLink/VerifyLinkCard';
import type { SectionProps } from './sectionProps';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.25rem;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: max-content minmax(0, 1fr);
    column-gap: ${({ theme }) => theme.space(6)};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** `value`, a link to the section where it is changed. */
function Fact({
  serverId,
  section,
  term,
  value,
}: {
  serverId: string;
  section: ServerConsoleSection;
  term: string;
  value: string;
}) {
  const to = serverConsolePath(serverId, section);
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <a href={to} onClick={openInApp(to)}>
          {value}
        </a>
      </dd>
    </>
  );
}

/** The console's first page: is the bot well, the link members verify with, and the key settings. */
export function OverviewSection({ serverId, data }: SectionProps) {
  const headingId = useId();
  const config = data.server_config;
  const verifiedRole =
    data.roles.find((role) => role.id === config.verified_role_id)?.name ??
    (config.verified_role_name || DEFAULT_VERIFIED_ROLE_NAME);
  return (
    <Stack gap={6}>
      <BotHealthPanel serverId={serverId} />
      <VerifyLinkCard serverId={serverId} />
      <Card as="section" aria-labelledby={headingId}>
        <Heading id={headingId}>At a glance</Heading>
        <Facts>
          <Fact
            serverId={serverId}
            section="verification"
            term="Nickname"
            value={config.nickname_template ?? nicknameFormatLabel(config.nickname_format)}
          />
          <Fact
            serverId={serverId}
            section="verification"
            term="Verified role"
            value={verifiedRole}
          />
          <Fact
            serverId={serverId}
            section="group"
            term="Group"
            value={data.group ? data.group.name : 'No group linked'}
          />
        </Facts>
      </Card>
    </Stack>
  );
}
