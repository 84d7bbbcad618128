import { Badge } from '@roconnect/shared-lib';

export function AccountStatusBadge({ verified }: { verified: boolean }) {
  return <Badge tone={verified ? 'success' : 'warning'}>{verified ? 'Verified' : 'Pending'}</Badge>;
}
