import { PageContainer } from '@roconnect/shared-lib';

export function Invite() {
  return (
    <PageContainer>
      <h1>Invite page</h1>
    </PageContainer>
  );
}
