import { DISCORD_SETTINGS_ROUTES } from '../../contract/apiRoutes';
import { recordSettingChange } from '../console';
import type { MockDb } from '../db';
import {
  channelLabel,
  postableChannels,
  readAutomation,
  readChannelId,
  readVerifyText,
  requirePostable,
  VERIFY_BUTTON_ID,
} from '../discordSettings';
import { fail, ok, readJsonObject } from '../respond';
import { configView } from '../views';
import { handle, onManagedServer } from './route';

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** A server's Discord settings: channels, the log channel, join handling and resync, the Verify message. */
export function discordSettingsHandlers(db: MockDb) {
  const onServer = onManagedServer(db);
  const botMissing = () =>
    fail(409, 'bot_not_in_server', 'Add the RoConnect bot to this server first.');

  return [
    handle(
      DISCORD_SETTINGS_ROUTES.channels,
      onServer((server) => (server.bot_added ? ok(postableChannels(server)) : botMissing())),
    ),
    handle(
      DISCORD_SETTINGS_ROUTES.logChannel,
      onServer(async (server, request, user) => {
        const id = readChannelId(await readJsonObject(request), true);
        if (id !== null) {
          if (!server.bot_added) return botMissing();
          requirePostable(server, id);
        }
        recordSettingChange(
          db,
          server,
          user,
          'log_channel',
          channelLabel(server, server.log_channel_id),
          channelLabel(server, id),
        );
        server.log_channel_id = id;
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      DISCORD_SETTINGS_ROUTES.automation,
      onServer(async (server, request, user) => {
        const body = readAutomation(await readJsonObject(request));
        if (body.join_handling !== undefined) {
          recordSettingChange(
            db,
            server,
            user,
            'join_handling',
            server.join_handling,
            body.join_handling,
          );
          server.join_handling = body.join_handling;
        }
        if (body.join_dm !== undefined) {
          recordSettingChange(
            db,
            server,
            user,
            'join_dm',
            onOff(server.join_dm),
            onOff(body.join_dm),
          );
          server.join_dm = body.join_dm;
        }
        if (body.resync !== undefined) {
          recordSettingChange(db, server, user, 'resync', server.resync, body.resync);
          server.resync = body.resync;
        }
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      DISCORD_SETTINGS_ROUTES.verifyMessage,
      onServer(async (server, request, user) => {
        const body = await readJsonObject(request);
        const text = readVerifyText(body);
        const channelId = readChannelId(body, false)!;
        if (!server.bot_added) return botMissing();
        if (!server.setup.setup_completed)
          return fail(
            409,
            'setup_incomplete',
            'Finish setting up this server first: the Verify button gives the roles the setup chooses.',
          );
        const channel = requirePostable(server, channelId);
        const id = `${channel.id.slice(0, -4)}${String(9000 + server.posted.length)}`;
        server.posted.push({
          id,
          channel_id: channel.id,
          content: text,
          custom_id: VERIFY_BUTTON_ID,
        });
        server.verify_channel_id = channel.id;
        recordSettingChange(
          db,
          server,
          user,
          'verify_message',
          null,
          `posted in ${channelLabel(server, channel.id)}`,
        );
        return ok({ message_id: id, channel_id: channel.id }, 201);
      }),
    ),
  ];
}
