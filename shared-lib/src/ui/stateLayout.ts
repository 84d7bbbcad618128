import styled from 'styled-components';

/** Layout shared by EmptyState and ErrorState. */
export const StateRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
`;

export const StateIcon = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const StateTitle = styled.h3`
  margin: 0;
  font-size: 1.25rem;
  overflow-wrap: anywhere;
`;

export const StateText = styled.p`
  margin: 0;
  max-width: 48ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;
