import styled from 'styled-components';
import { Spinner } from './Spinner';

const LoadingRegion = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 240px;
  width: 100%;
  padding: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1rem;
  text-align: center;
`;

export interface LoadingStateProps {
  label?: string;
  className?: string;
}

/** Fills the region it replaces with a spinner and a visible message, e.g. 'Loading dashboard...'. */
export function LoadingState({ label = 'Loading...', className }: LoadingStateProps) {
  return (
    <LoadingRegion className={className}>
      <Spinner label={label} showLabel size={28} />
    </LoadingRegion>
  );
}
