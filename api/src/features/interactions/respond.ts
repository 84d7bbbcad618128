import type { IntegrationSettings } from '../../integrations/types';
import { httpRequest } from '../../integrations/http';
import { versionedBase } from '../../integrations/discord/urls';
import { messageData, type Reply } from './interaction';

/** Replaces a deferred reply's "thinking…" with the answer (the interaction's webhook; no bot token). */
export async function editOriginalResponse(
  settings: Pick<IntegrationSettings, 'discordApiBaseUrl'>,
  applicationId: string,
  token: string,
  reply: Reply,
): Promise<void> {
  const url = `${versionedBase(settings.discordApiBaseUrl)}/webhooks/${applicationId}/${token}/messages/@original`;
  const { flags: _ephemeralIsFixedAtDefer, ...body } = messageData(reply);
  const res = await httpRequest('discord', url, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 400)
    throw new Error(
      `Discord refused the reply edit (HTTP ${res.status}): ${JSON.stringify(res.body)}`,
    );
}
