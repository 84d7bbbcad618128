import { Stack } from '@roconnect/shared-lib';
import { ApiKeysSection } from '../../../features/developers/ApiKeysSection';
import { WebhookSection } from '../../../features/developers/WebhookSection';
import type { SectionProps } from './sectionProps';

/** The server's developer API keys and outbound webhook; each part loads and fails on its own. */
export function DevelopersSection({ serverId }: SectionProps) {
  return (
    <Stack gap={6}>
      <ApiKeysSection serverId={serverId} />
      <WebhookSection serverId={serverId} />
    </Stack>
  );
}
