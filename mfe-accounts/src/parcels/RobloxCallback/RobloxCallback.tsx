import { PageContainer } from '@roconnect/shared-lib';

export function RobloxCallback() {
  return (
    <PageContainer>
      <h1>Roblox callback</h1>
    </PageContainer>
  );
}
