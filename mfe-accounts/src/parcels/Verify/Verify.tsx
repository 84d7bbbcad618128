import { PageContainer } from '@roconnect/shared-lib';

export function Verify() {
  return (
    <PageContainer>
      <h1>Verify & Update</h1>
    </PageContainer>
  );
}
