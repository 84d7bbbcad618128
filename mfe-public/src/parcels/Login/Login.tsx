import { PageContainer } from '@roconnect/shared-lib';

export function Login() {
  return (
    <PageContainer>
      <h1>Login page</h1>
    </PageContainer>
  );
}
