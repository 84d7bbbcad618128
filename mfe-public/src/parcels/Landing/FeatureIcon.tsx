import styled from 'styled-components';
import { Icon, type IconName } from '@roconnect/shared-lib';

const Frame = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(88, 101, 242, 0.16);
  color: ${({ theme }) => theme.colors.focus};
`;

export function FeatureIcon({ name }: { name: IconName }) {
  return (
    <Frame aria-hidden="true">
      <Icon name={name} />
    </Frame>
  );
}
