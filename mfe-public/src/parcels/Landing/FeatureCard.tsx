import styled from 'styled-components';
import { Card } from '@roconnect/shared-lib';
import type { Feature } from './features';

const Item = styled(Card)`
  height: 100%;
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  background: rgba(24, 27, 36, 0.92);
`;

const Icon = styled.span`
  font-size: 1.75rem;
  line-height: 1;
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1.125rem;
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function FeatureCard({ feature }: { feature: Feature }) {
  return (
    <Item as="article">
      <Icon aria-hidden="true">{feature.icon}</Icon>
      <Title>{feature.title}</Title>
      <Description>{feature.description}</Description>
    </Item>
  );
}
