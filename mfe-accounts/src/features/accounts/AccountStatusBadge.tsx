import { Badge } from '@roconnect/shared-lib';

export function AccountStatusBadge({ verified }: { verified: boolean }) {
  return verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Pending</Badge>;
}
