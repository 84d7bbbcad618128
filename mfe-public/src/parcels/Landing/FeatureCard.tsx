import styled from 'styled-components';
import { Card, MutedText } from '@roconnect/shared-lib';
import { FeatureIcon } from './FeatureIcon';
import type { Feature } from './features';

const Item = styled(Card)`
  height: 100%;
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  background: rgba(24, 27, 36, 0.92);
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1.125rem;
`;

export function FeatureCard({ feature }: { feature: Feature }) {
  return (
    <Item as="article">
      <FeatureIcon name={feature.icon} />
      <Title>{feature.title}</Title>
      <MutedText>{feature.description}</MutedText>
    </Item>
  );
}
