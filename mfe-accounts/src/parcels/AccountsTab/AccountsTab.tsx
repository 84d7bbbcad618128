import { PageContainer } from '@roconnect/shared-lib';

export function AccountsTab() {
  return (
    <PageContainer>
      <h1>Linked accounts</h1>
    </PageContainer>
  );
}
