import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { StateIcon, StateRoot, StateText, StateTitle } from './stateLayout';
import { toneIcon } from './tones';

const ErrorIcon = styled(StateIcon)`
  color: ${({ theme }) => theme.colors.error};
`;

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try Again',
  className,
}: ErrorStateProps) {
  return (
    <StateRoot role="alert" className={className}>
      <ErrorIcon aria-hidden="true">{toneIcon.error}</ErrorIcon>
      <StateTitle>{title}</StateTitle>
      <StateText>{message}</StateText>
      {onRetry && <Button onClick={onRetry}>{retryLabel}</Button>}
    </StateRoot>
  );
}
