import type { ReactNode } from 'react';
import { StateIcon, StateRoot, StateText, StateTitle } from './stateLayout';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** Decorative; hidden from assistive technology. */
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <StateRoot className={className}>
      {icon && <StateIcon aria-hidden="true">{icon}</StateIcon>}
      <StateTitle>{title}</StateTitle>
      {description && <StateText>{description}</StateText>}
      {action}
    </StateRoot>
  );
}
