import { PageContainer } from '@roconnect/shared-lib';

export function ErrorPage() {
  return (
    <PageContainer>
      <h1>Error page</h1>
    </PageContainer>
  );
}
