import { useState } from 'react';
import { Button, Card, PageContainer, Stack, type SetupWizardProps } from '@roconnect/shared-lib';
import { SEED_SERVERS } from '@roconnect/shared-lib/mocks';
import { SetupWizard } from '../src/parcels/SetupWizard/SetupWizard';

const SERVERS = [
  {
    serverId: SEED_SERVERS.ownerSetupIncomplete,
    serverName: 'Demo Racing League',
    note: 'setup not complete',
  },
  {
    serverId: SEED_SERVERS.ownerReady,
    serverName: 'Demo Builders Club',
    note: 'setup complete: finishes at once',
  },
];

type Target = Pick<SetupWizardProps, 'serverId' | 'serverName'>;

/**
 * Stands in for the shell's dashboard: opens the wizard for a mock server and closes it on
 * complete or cancel, as SetupWizardHost does.
 */
export function WizardLauncher() {
  const [target, setTarget] = useState<Target | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <PageContainer>
      <Card>
        <h1>Setup wizard</h1>
        <Stack gap={3}>
          {SERVERS.map((server) => (
            <Stack key={server.serverId} direction="row" align="center" gap={3}>
              <Button
                onClick={() => {
                  setOutcome(null);
                  setTarget(server);
                }}
              >
                Setup Bot: {server.serverName}
              </Button>
              <span>({server.note})</span>
            </Stack>
          ))}
          {outcome && <p role="status">Wizard result: {outcome}</p>}
        </Stack>
      </Card>
      {target && (
        <SetupWizard
          {...target}
          onComplete={() => {
            setTarget(null);
            setOutcome('onComplete');
          }}
          onCancel={() => {
            setTarget(null);
            setOutcome('onCancel');
          }}
        />
      )}
    </PageContainer>
  );
}
