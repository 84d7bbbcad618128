import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { StateIcon, StateRoot, StateText, StateTitle } from './stateLayout';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** One of the shared SVG icons (never an emoji); decorative, hidden from assistive technology. */
  icon?: IconName;
  className?: string;
}

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <StateRoot className={className} data-empty-state="">
      {icon && (
        <StateIcon aria-hidden="true">
          <Icon name={icon} size={32} />
        </StateIcon>
      )}
      <StateTitle>{title}</StateTitle>
      {description && <StateText>{description}</StateText>}
      {action}
    </StateRoot>
  );
}
