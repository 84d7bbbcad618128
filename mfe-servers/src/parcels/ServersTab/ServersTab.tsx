import { PageContainer } from '@roconnect/shared-lib';

export function ServersTab() {
  return (
    <PageContainer>
      <h1>Your Discord Servers</h1>
    </PageContainer>
  );
}
