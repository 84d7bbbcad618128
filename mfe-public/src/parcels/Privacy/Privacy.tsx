import { PageContainer } from '@roconnect/shared-lib';

export function Privacy() {
  return (
    <PageContainer>
      <h1>Privacy policy</h1>
    </PageContainer>
  );
}
