import styled from 'styled-components';
import {
  Checkbox,
  ErrorState,
  LoadingState,
  privacyApi,
  type PrivacySettingsData,
  type PrivacyChoice,
  SectionCard,
} from '@roconnect/shared-lib';
import {
  loadPhase,
  privacyKeys,
  useApiMutation,
  usePendingVariables,
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

export const DEFAULT_LABEL = 'Show my Roblox account in new servers where I verify myself';
export const SAVE_FAILED = 'Failed to save your privacy choice. Please try again.';

/** One toggle's save: its key ('default' or a server id) and what it sends. */
interface ToggleSave {
  key: string;
  body: PrivacyChoice;
}
const SAVE_KEY = [...privacyKeys.settings(), 'save'] as const;

/**
 * Where the member's Roblox account may be shown (/whois, the developer API, the log channel):
 * each server on its own, and a default for servers to come. Each toggle saves at once.
 */
export function ConsentSection() {
  const read = usePrivacySettings();
  // each toggle saves on its own, and is busy while its own save runs
  const saveToggle = useApiMutation({
    mutationKey: SAVE_KEY,
    call: ({ body }: ToggleSave) => privacyApi.saveSettings(body),
    changes: (cache, saved) =>
      cache.setQueryData<PrivacySettingsData>(privacyKeys.settings(), saved),
    success: 'Privacy choice saved',
    failure: SAVE_FAILED,
  });
  const pending = new Set(usePendingVariables<ToggleSave>(SAVE_KEY).map(({ key }) => key));
  const save = (key: string, body: PrivacyChoice) => saveToggle.run({ key, body });

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
          hint="Only your own Verify counts: on the website, with the Verify button or /verify. Roles the bot gives you on its own (when you join, or when staff update you) show nothing unless you turn that server on below."
          checked={defaultVisible}
          disabled={pending.has('default')}
          onChange={(visible) => void save('default', { default_visible: visible, servers: [] })}
        />
        <Servers>
          <legend>Your servers</legend>
          {servers.length === 0 ? (
            <Muted>RoConnect has not verified you in a server yet.</Muted>
          ) : (
            servers.map((server) => (
              <Checkbox
                key={server.server_id}
                label={`Show in ${server.server_name}`}
                hint={server.verified ? undefined : 'You have not verified here yourself.'}
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
      intro="Where it is off, /whois says you keep it private and apps using RoConnect's API are told you have no linked account. Server managers still see their own audit log."
    >
      {body}
    </SectionCard>
  );
}
