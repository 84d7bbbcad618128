import { PageContainer } from '@roconnect/shared-lib';

export function Terms() {
  return (
    <PageContainer>
      <h1>Terms of service</h1>
    </PageContainer>
  );
}
