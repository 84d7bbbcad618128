import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  developerApi,
  exactTime,
  relativeTime,
  type BadgeTone,
  type WebhookDelivery,
  SectionCard,
} from '@roconnect/shared-lib';
import {
  loadPhase,
  useApiMutation,
  useWebhookDeliveries,
  webhookDeliveriesQuery,
  type QueryClient,
} from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';
import { OneFieldForm } from './OneFieldForm';
import { ShownOnce } from './ShownOnce';
import { WrapRow } from '../fields/WrapRow';
import { useCheckedField } from '../fields/useCheckedField';
import { RuledList } from '../fields/RuledList';

const SubHeading = styled(WrapRow)`
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const List = styled(RuledList)`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  li {
    padding: ${({ theme }) => theme.space(2)} 0;
  }
  code {
    flex: 1 1 10rem;
  }
  time,
  .detail {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TestRow = styled(WrapRow)`
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Addresses the page refuses before asking the API (which also refuses private ones). */
export function webhookUrlProblem(text: string): string | null {
  const value = text.trim();
  if (!value) return 'Enter the address your server listens on.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full address, like https://example.com/roconnect.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The address must start with https://.';
  return null;
}

const DELIVERY_TONES: Record<WebhookDelivery['status'], BadgeTone> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'error',
};

const DELIVERY_LABELS: Record<WebhookDelivery['status'], string> = {
  delivered: 'Delivered',
  pending: 'Retrying',
  failed: 'Failed',
};

/** "HTTP 500 · 3 attempts · connection refused": what the last attempt got. */
export function deliveryDetail(delivery: WebhookDelivery): string {
  const parts: string[] = [];
  if (delivery.response_status) parts.push(`HTTP ${delivery.response_status}`);
  if (delivery.attempts > 1) parts.push(`${delivery.attempts} attempts`);
  if (delivery.status !== 'delivered' && delivery.error) parts.push(delivery.error);
  return parts.join(' · ');
}

/** How many deliveries the page lists, newest first. */
export const DELIVERIES_SHOWN = 20;

/**
 * The server's outbound webhook: where RoConnect posts member.verified, member.updated and
 * member.unlinked, the signing secret shown once after a save, a test event, and the latest
 * deliveries with a retry for each that failed.
 */
export function WebhookSection({ serverId }: { serverId: string }) {
  const read = useWebhookDeliveries(serverId);
  const {
    value: url,
    setValue: setUrl,
    problem: urlError,
    setProblem: setUrlError,
    edit: editUrl,
  } = useCheckedField<string | null>(null);
  const savedUrl = read.data?.webhook?.url ?? '';
  // the field shows the saved address until the manager types
  const shownUrl = url ?? savedUrl;
  const [secret, setSecret] = useState<string | null>(null);
  /** `null` removes the webhook */
  const saveWebhook = useApiMutation({
    call: (address: string | null) => developerApi.saveWebhook(serverId, address),
    changes: (cache, saved) => {
      const { queryKey } = webhookDeliveriesQuery(serverId);
      // the field shows the saved address at once, before the deliveries are read again
      cache.setQueryData(queryKey, (data) =>
        data
          ? {
              ...data,
              webhook: saved.url ? { url: saved.url, created_at: new Date().toISOString() } : null,
            }
          : data,
      );
      return cache.invalidateQueries({ queryKey });
    },
    success: (_saved, address) => (address === null ? 'Webhook removed' : 'Webhook saved'),
  });
  const saving = saveWebhook.isPending;
  // the list is read again at once, and again while the delivery is pending (the query polls)
  const deliveriesChanged = (cache: QueryClient) =>
    cache.invalidateQueries({ queryKey: webhookDeliveriesQuery(serverId).queryKey });
  const sendTest = useApiMutation({
    call: () => developerApi.testWebhook(serverId),
    changes: deliveriesChanged,
    success: 'Test event sent',
    failure: (error) => refusalMessage(error) ?? 'Failed to send the test event. Please try again.',
  });
  const retry = useApiMutation({
    call: (deliveryId: string) => developerApi.retryWebhookDelivery(serverId, deliveryId),
    changes: deliveriesChanged,
    success: 'Delivery sent again',
    failure: (error) =>
      refusalMessage(error) ?? 'Failed to send the delivery again. Please try again.',
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = webhookUrlProblem(shownUrl);
    setUrlError(problem);
    if (problem) return;
    await send(shownUrl.trim());
  }

  async function send(address: string | null) {
    const outcome = await saveWebhook.run(address);
    if (outcome.ok) {
      setSecret(outcome.data.secret);
      setUrl(null);
    } else {
      setUrlError(refusalMessage(outcome.error) ?? 'Failed to save the webhook. Please try again.');
    }
  }

  const phase = loadPhase(read);
  let deliveries;
  if (phase === 'loading') deliveries = <LoadingState label="Loading deliveries..." />;
  else if (phase === 'failed' || !read.data)
    deliveries = (
      <ErrorState message="Failed to load deliveries." onRetry={() => void read.refetch()} />
    );
  else if (read.data.deliveries.length === 0)
    deliveries = (
      <EmptyState
        icon="refresh"
        title="No deliveries yet"
        description="Events show here once a member verifies, updates or unlinks."
      />
    );
  else
    deliveries = (
      <List aria-label="Recent deliveries">
        {read.data.deliveries.slice(0, DELIVERIES_SHOWN).map((delivery) => (
          <li key={delivery.id}>
            <code>{delivery.event}</code>
            <Badge tone={DELIVERY_TONES[delivery.status]}>{DELIVERY_LABELS[delivery.status]}</Badge>
            <span className="detail">{deliveryDetail(delivery)}</span>
            <time dateTime={delivery.created_at} title={exactTime(delivery.created_at)}>
              {relativeTime(delivery.created_at)}
            </time>
            {delivery.status === 'failed' && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Retry the ${delivery.event} delivery from ${relativeTime(delivery.created_at)}`}
                loading={retry.isPending && retry.variables === delivery.id}
                disabled={retry.isPending && retry.variables !== delivery.id}
                onClick={() => void retry.run(delivery.id)}
              >
                Retry
              </Button>
            )}
          </li>
        ))}
      </List>
    );

  return (
    <SectionCard
      title="Webhook"
      intro="RoConnect posts to this address when a member verifies, updates or unlinks, signed with a secret only you hold."
    >
      <OneFieldForm
        label="Webhook address"
        value={shownUrl}
        error={urlError}
        onChange={editUrl}
        onSubmit={(event) => void save(event)}
        submitLabel="Save Webhook"
        busy={saving}
        input={{ type: 'url', inputMode: 'url', placeholder: 'https://example.com/roconnect' }}
      >
        {savedUrl && (
          <Button variant="secondary" disabled={saving} onClick={() => void send(null)}>
            Remove
          </Button>
        )}
      </OneFieldForm>
      {savedUrl && (
        <TestRow $align="center" $top={3}>
          <Button
            variant="secondary"
            loading={sendTest.isPending}
            disabled={saving}
            onClick={() => void sendTest.run()}
          >
            Send test webhook
          </Button>
          <span>Sends a signed webhook.test event, delivered like the others.</span>
        </TestRow>
      )}
      {secret && <ShownOnce label="Signing secret" value={secret} onDone={() => setSecret(null)} />}
      <SubHeading $align="center" $justify="space-between" $top={6}>
        <h3>Recent deliveries</h3>
        <Button
          variant="secondary"
          size="sm"
          loading={read.isFetching && phase === 'ready'}
          onClick={() => void read.refetch()}
        >
          Refresh
        </Button>
      </SubHeading>
      {deliveries}
    </SectionCard>
  );
}
