import { useState } from 'react';
import styled from 'styled-components';
import {
  Checkbox,
  ErrorState,
  LoadingState,
  privacyApi,
  toast,
  type PrivacySettingsData,
  type PrivacyChoice,
  SectionCard,
} from '@roconnect/shared-lib';
import {
  loadPhase,
  privacyKeys,
  usePageQueryClient,
  usePrivacySettings,
} from '@roconnect/shared-lib/query';

const Servers = styled.fieldset`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  border: none;
  legend {
    padding: 0;
    font-weight: 600;
  }
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const DEFAULT_LABEL = 'Show my Roblox account in new servers I verify in';
export const SAVE_FAILED = 'Failed to save your privacy choice. Please try again.';

/** The key of one toggle while its save is in flight: 'default' or a server id. */
type Pending = ReadonlySet<string>;

/**
 * Where the member's Roblox account may be shown (/whois, the developer API, the log channel):
 * each server on its own, and a default for servers to come. Each toggle saves at once.
 */
export function ConsentSection() {
  const client = usePageQueryClient();
  const read = usePrivacySettings();
  const [pending, setPending] = useState<Pending>(new Set());

  async function save(key: string, body: PrivacyChoice) {
    setPending((keys) => new Set(keys).add(key));
    try {
      const saved = await privacyApi.saveSettings(body);
      client.setQueryData<PrivacySettingsData>(privacyKeys.settings(), saved);
      toast.success('Privacy choice saved');
    } catch {
      toast.error(SAVE_FAILED);
    } finally {
      setPending((keys) => {
        const left = new Set(keys);
        left.delete(key);
        return left;
      });
    }
  }

  const phase = loadPhase(read);
  let body;
  if (phase === 'loading') body = <LoadingState label="Loading your privacy choices..." />;
  else if (phase === 'failed' || !read.data)
    body = (
      <ErrorState
        message="Failed to load your privacy choices."
        onRetry={() => void read.refetch()}
      />
    );
  else {
    const { default_visible: defaultVisible, servers } = read.data;
    body = (
      <>
        <Checkbox
          label={DEFAULT_LABEL}
          hint="Servers where you have not verified never show it unless you turn them on below."
          checked={defaultVisible}
          disabled={pending.has('default')}
          onChange={(visible) => void save('default', { default_visible: visible, servers: [] })}
        />
        <Servers>
          <legend>Your servers</legend>
          {servers.length === 0 ? (
            <Muted>You have not verified in a server yet.</Muted>
          ) : (
            servers.map((server) => (
              <Checkbox
                key={server.server_id}
                label={`Show in ${server.server_name}`}
                hint={server.verified ? undefined : 'You have not verified here.'}
                checked={server.visible}
                disabled={pending.has(server.server_id)}
                onChange={(visible) =>
                  void save(server.server_id, {
                    default_visible: defaultVisible,
                    servers: [{ server_id: server.server_id, visible }],
                  })
                }
              />
            ))
          )}
        </Servers>
      </>
    );
  }

  return (
    <SectionCard
      title="Who can see your Roblox account"
      intro="Where it is off, /whois and other bots answer that you keep it private. Server managers still see their own audit log."
    >
      {body}
    </SectionCard>
  );
}
