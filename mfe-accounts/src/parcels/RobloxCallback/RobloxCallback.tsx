import { useEffect, useId, useMemo } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  LoadingState,
  MutedText,
  PageContainer,
  VisuallyHidden,
  dashboardPath,
  navigate,
  type RoutePageProps,
} from '@roconnect/shared-lib';
import { readRobloxCallback } from './readRobloxCallback';

const ErrorCard = styled(Card)`
  max-width: 520px;
  margin: ${({ theme }) => theme.space(8)} auto 0;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.5rem;
`;

/** /roblox/callback: where the API sends the browser after Roblox's consent. */
export function RobloxCallback({ query }: RoutePageProps) {
  const titleId = useId();
  const outcome = useMemo(() => readRobloxCallback(query), [query]);

  useEffect(() => {
    if (outcome.kind === 'linked')
      navigate(`${dashboardPath('accounts')}&roblox_linked=true`, { replace: true });
  }, [outcome]);

  return (
    <PageContainer>
      {outcome.kind === 'linked' ? (
        <>
          <VisuallyHidden as="h1">Roblox linking</VisuallyHidden>
          <LoadingState label="Linking your Roblox account..." />
        </>
      ) : (
        <ErrorCard as="section" aria-labelledby={titleId}>
          <Title id={titleId}>Roblox Linking Error</Title>
          <MutedText role="alert" $wrapAnywhere>
            {outcome.message}
          </MutedText>
          <Button onClick={() => navigate(dashboardPath('accounts'))}>Back to Dashboard</Button>
        </ErrorCard>
      )}
    </PageContainer>
  );
}
