import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Banner, Card, dashboardPath, navigate } from '@roconnect/shared-lib';

const OutcomeCard = styled(Card)`
  max-width: 560px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.6rem;
  &:focus {
    outline: none;
  }
`;

const Warnings = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
`;

export const backToAccounts = () => navigate(dashboardPath('accounts'));

/**
 * The page's answer to Verify & Update: a card named by its title, which takes the focus when it
 * shows, so that a screen reader reads the outcome first.
 */
export function VerifyOutcomeCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  return (
    <OutcomeCard as="section" aria-labelledby={titleId}>
      <Title id={titleId} ref={titleRef} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </OutcomeCard>
  );
}

/** The API's warnings of a verification, under "Please note" (nothing when there are none). */
export function OutcomeWarnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null;
  return (
    <Banner tone="warning" title="Please note">
      <Warnings>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </Warnings>
    </Banner>
  );
}
