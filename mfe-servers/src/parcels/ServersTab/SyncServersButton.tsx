import { Button, type ButtonVariant } from '@roconnect/shared-lib';

export interface SyncServersButtonProps {
  syncing: boolean;
  onSync: () => void;
  variant?: ButtonVariant;
}

export function SyncServersButton({
  syncing,
  onSync,
  variant = 'secondary',
}: SyncServersButtonProps) {
  return (
    <Button variant={variant} loading={syncing} onClick={onSync}>
      {syncing ? 'Syncing...' : 'Sync Servers'}
    </Button>
  );
}
