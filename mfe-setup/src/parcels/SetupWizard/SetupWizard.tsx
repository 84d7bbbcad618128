import { PageContainer } from '@roconnect/shared-lib';

export function SetupWizard() {
  return (
    <PageContainer>
      <h1>Setup wizard</h1>
    </PageContainer>
  );
}
