import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  developerApi,
  exactTime,
  relativeTime,
  type ApiKey,
  type CreatedApiKey,
  SectionCard,
  getRuntimeConfig,
  ConfirmModal,
} from '@roconnect/shared-lib';
import { PUBLIC_API_ROUTES } from '@roconnect/shared-lib/contract';
import {
  apiKeysQuery,
  loadPhase,
  useApiKeys,
  useApiMutation,
  type QueryClient,
} from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';
import { ExampleCall } from './ExampleCall';
import { OneFieldForm } from './OneFieldForm';
import { ShownOnce } from './ShownOnce';
import { useCheckedField } from '../fields/useCheckedField';
import { RuledList } from '../fields/RuledList';

/** as the API's CreateApiKeyBodySchema allows */
export const KEY_NAME_MAX = 64;

const List = styled(RuledList)`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  li {
    justify-content: space-between;
    padding: ${({ theme }) => theme.space(3)} 0;
  }
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * Where other programs call the developer API and read its OpenAPI document: the API's base as
 * config.json names it (`/_api` is the page's own origin, docs/production.md › The web app), which
 * is also the document's `servers` address, then the routes' own paths.
 */
export function developerApiAddresses(apiBaseUrl: string, pageOrigin: string) {
  const base = new URL(apiBaseUrl || '/', `${pageOrigin}/`).href.replace(/\/+$/, '');
  const openapi = base + PUBLIC_API_ROUTES.openapi.path;
  return { api: openapi.replace(/\/openapi\.json$/, ''), openapi };
}

/** "Last used 5 minutes ago" or "Never used". */
export function lastUseText(key: ApiKey): string {
  return key.last_used_at ? `Last used ${relativeTime(key.last_used_at)}` : 'Never used';
}

function nameProblem(name: string): string | null {
  if (!name.trim()) return 'Enter a name for the key.';
  if (name.trim().length > KEY_NAME_MAX) return `Use at most ${KEY_NAME_MAX} characters.`;
  return null;
}

/**
 * The server's developer API keys: create one with a name (the key is shown once), see each
 * key's last use, revoke one after a confirmation. A revoked key stops working at once.
 */
export function ApiKeysSection({ serverId }: { serverId: string }) {
  const read = useApiKeys(serverId);
  const revokeDescriptionId = useId();
  const {
    value: name,
    setValue: setName,
    problem: nameError,
    setProblem: setNameError,
    edit: editName,
  } = useCheckedField('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const reread = (cache: QueryClient) =>
    cache.invalidateQueries({ queryKey: apiKeysQuery(serverId).queryKey });
  const createKey = useApiMutation({
    call: (keyName: string) => developerApi.createApiKey(serverId, keyName),
    changes: reread,
  });
  const revokeKey = useApiMutation({
    call: (key: ApiKey) => developerApi.revokeApiKey(serverId, key.id),
    changes: reread,
    success: (_revoked, key) => `Key "${key.name}" revoked`,
    failure: (error) => `Failed to revoke the key. ${refusalMessage(error) ?? 'Please try again.'}`,
  });
  const creating = createKey.isPending;
  const revokeBusy = revokeKey.isPending;

  async function create(event: FormEvent) {
    event.preventDefault();
    const problem = nameProblem(name);
    setNameError(problem);
    if (problem) return;
    const outcome = await createKey.run(name.trim());
    if (outcome.ok) {
      setCreated(outcome.data);
      setName('');
    } else {
      setNameError(refusalMessage(outcome.error) ?? 'Failed to create the key. Please try again.');
    }
  }

  async function revoke(key: ApiKey) {
    if ((await revokeKey.run(key)).ok) setRevoking(null);
  }

  const address = developerApiAddresses(getRuntimeConfig().apiBaseUrl, window.location.origin);
  const phase = loadPhase(read);
  let list;
  if (phase === 'loading') list = <LoadingState label="Loading API keys..." />;
  else if (phase === 'failed' || !read.data)
    list = <ErrorState message="Failed to load API keys." onRetry={() => void read.refetch()} />;
  else if (read.data.length === 0)
    list = (
      <EmptyState
        icon="link"
        title="No API keys"
        description="Create one for each bot or game that should ask about your members."
      />
    );
  else
    list = (
      <List aria-label="API keys">
        {read.data.map((key) => (
          <li key={key.id}>
            <div>
              <strong>{key.name}</strong>
              <code>{key.prefix}…</code>{' '}
              <span title={key.last_used_at ? exactTime(key.last_used_at) : undefined}>
                {lastUseText(key)}
              </span>
            </div>
            <Button
              variant="danger"
              size="sm"
              aria-label={`Revoke ${key.name}`}
              onClick={() => setRevoking(key)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </List>
    );

  return (
    <SectionCard
      title="API keys"
      intro={
        <>
          Other bots and Roblox games use a key to look up members of this server who allow it, at{' '}
          <code>{address.api}</code> (<a href={address.openapi}>OpenAPI document</a>).
        </>
      }
    >
      <OneFieldForm
        label="Key name"
        value={name}
        error={nameError}
        onChange={editName}
        onSubmit={(event) => void create(event)}
        submitLabel="Create Key"
        busy={creating}
        input={{ placeholder: 'e.g. Game server', maxLength: KEY_NAME_MAX + 20 }}
      />
      {created && (
        <ShownOnce
          label={`New key "${created.name}"`}
          value={created.key}
          onDone={() => setCreated(null)}
        />
      )}
      {list}
      <ExampleCall publicAddress={address.api} serverId={serverId} />
      <ConfirmModal
        open={revoking !== null}
        title="Revoke this key?"
        onCancel={() => setRevoking(null)}
        describedBy={revokeDescriptionId}
        confirmLabel="Revoke key"
        confirmVariant="danger"
        loading={revokeBusy}
        lockedWhileLoading
        onConfirm={() => revoking && void revoke(revoking)}
      >
        <p id={revokeDescriptionId} style={{ margin: 0 }}>
          &quot;{revoking?.name}&quot; stops working at once. Whatever uses it will be refused.
        </p>
      </ConfirmModal>
    </SectionCard>
  );
}
