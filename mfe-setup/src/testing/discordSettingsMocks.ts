import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { DISCORD_SETTINGS_ROUTES, type ServerChannel } from '@roconnect/shared-lib';
import type { MockDb } from '@roconnect/shared-lib/mocks';

/** The channels the tests' bot can post in: `general` has the server's id, as in the emulator. */
export const testChannels = (serverId: string): ServerChannel[] => [
  { id: serverId, name: 'general' },
  { id: '400000000000000002', name: 'verify-here' },
  { id: '400000000000000003', name: 'staff-log' },
];

const pattern = (path: string) => `*${path}`;
const ok = (data: unknown, status = 200) => HttpResponse.json({ success: true, data }, { status });
const refuse = (status: number, message: string) =>
  HttpResponse.json({ success: false, error: 'invalid_request', message }, { status });

export interface PostedMessage {
  channel_id: string;
  text?: string;
}

/**
 * Answers the Discord settings routes over the test's mock data (the server's record) and a channel
 * list, as the API does: an unknown channel is refused with a message that names it. Returns the
 * Verify messages posted. Installed for one test (the mock server drops it after each).
 */
export function answerDiscordSettings(
  server: SetupServer,
  db: MockDb,
  channels: (serverId: string) => ServerChannel[] = testChannels,
): PostedMessage[] {
  const posted: PostedMessage[] = [];
  const record = (id: string) => db.servers.find((s) => s.server_id === id)!;
  server.use(
    http.get<{ id: string }>(pattern(DISCORD_SETTINGS_ROUTES.channels.path), ({ params }) =>
      ok(channels(params.id)),
    ),
    http.put<{ id: string }>(
      pattern(DISCORD_SETTINGS_ROUTES.logChannel.path),
      async ({ params, request }) => {
        const { channel_id } = (await request.json()) as { channel_id: string | null };
        if (channel_id !== null && !channels(params.id).some((c) => c.id === channel_id))
          return refuse(422, `The bot cannot post in channel ${channel_id}.`);
        record(params.id).log_channel_id = channel_id;
        return ok({});
      },
    ),
    http.put<{ id: string }>(
      pattern(DISCORD_SETTINGS_ROUTES.automation.path),
      async ({ params, request }) => {
        Object.assign(record(params.id), await request.json());
        return ok({});
      },
    ),
    http.post<{ id: string }>(
      pattern(DISCORD_SETTINGS_ROUTES.verifyMessage.path),
      async ({ params, request }) => {
        const body = (await request.json()) as PostedMessage;
        if (!channels(params.id).some((c) => c.id === body.channel_id))
          return refuse(422, `The bot cannot post in channel ${body.channel_id}.`);
        posted.push(body);
        return ok({ message_id: '500000000000000001', channel_id: body.channel_id }, 201);
      },
    ),
  );
  return posted;
}
