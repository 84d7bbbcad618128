import { PageContainer } from '@roconnect/shared-lib';

export function ServerConfig() {
  return (
    <PageContainer>
      <h1>Server configuration</h1>
    </PageContainer>
  );
}
