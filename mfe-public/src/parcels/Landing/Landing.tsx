import { PageContainer } from '@roconnect/shared-lib';

export function Landing() {
  return (
    <PageContainer>
      <h1>Landing page</h1>
    </PageContainer>
  );
}
