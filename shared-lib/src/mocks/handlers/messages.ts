import { MESSAGE_ROUTES, DISCORD_SETTINGS_ROUTES } from '../../contract/apiRoutes';
import type { ServerMessages } from '../../contract/messages';
import {
  DEFAULT_MESSAGES,
  checkMessageTemplate,
  fillMessageTemplate,
  type MessageField,
} from '../../contract/messageTemplate';
import { recordSettingChange } from '../console';
import type { MockDb, MockServer } from '../db';
import { DEFAULT_VERIFY_TEXT } from '../discordSettings';
import { badRequest, fail, MockHttpError, ok, readJsonObject } from '../respond';
import { handle, onManagedServer } from './route';

const NONE: ServerMessages = { verified_dm: null, welcome_dm: null, verify_message: null };
const messagesOf = (server: MockServer): ServerMessages => server.messages ?? NONE;

/** The Verify message posted now (the last one, unless it was removed). */
const postedOf = (server: MockServer) => {
  const last = server.posted.at(-1);
  return server.verify_channel_id && last
    ? { channel_id: last.channel_id, message_id: last.id }
    : null;
};

/** PUT …/edit/messages's body, each text checked as the API does (messageTemplate.ts). */
function readMessages(body: Record<string, unknown>): ServerMessages {
  const text = (value: unknown, field: MessageField, path: string): string | null => {
    if (value === null) return null;
    if (typeof value !== 'string')
      throw new MockHttpError(badRequest(`${path} must be a string or null`));
    const checked = checkMessageTemplate(value, field, path);
    if (!checked.ok) throw new MockHttpError(fail(400, checked.code, checked.error));
    return value;
  };
  const verify = body.verify_message as Record<string, unknown> | null | undefined;
  return {
    verified_dm: text(body.verified_dm ?? null, 'verified_dm', 'body.verified_dm'),
    welcome_dm: text(body.welcome_dm ?? null, 'welcome_dm', 'body.welcome_dm'),
    verify_message: verify
      ? {
          title: text(verify.title, 'title', 'body.verify_message.title')!,
          body: text(verify.body, 'body', 'body.verify_message.body')!,
          button_label: text(
            verify.button_label,
            'button_label',
            'body.verify_message.button_label',
          )!,
        }
      : null,
  };
}

/** A text filled in with a member's names, or RoConnect's when the server keeps its own. */
function render(template: string, field: MessageField, values: Record<string, string>) {
  const checked = checkMessageTemplate(template, field, field);
  return checked.ok ? fillMessageTemplate(checked.parts, values, field) : template;
}

/** The server's own words and the Verify message's state, edits and removal, as the API has them. */
const notPosted = () =>
  fail(
    409,
    'verify_message_not_posted',
    'There is no Verify message posted in this server: post one first.',
  );

export function messageHandlers(db: MockDb) {
  const onServer = onManagedServer(db);
  return [
    handle(
      MESSAGE_ROUTES.messages,
      onServer((server) =>
        ok({
          messages: messagesOf(server),
          defaults: { ...DEFAULT_MESSAGES, verify_message: { ...DEFAULT_MESSAGES.verify_message } },
          verify_message_post: postedOf(server),
        }),
      ),
    ),
    handle(
      MESSAGE_ROUTES.editMessages,
      onServer(async (server, request, user) => {
        const messages = readMessages(await readJsonObject(request));
        const before = messagesOf(server);
        recordSettingChange(
          db,
          server,
          user,
          'messages',
          JSON.stringify(before),
          JSON.stringify(messages),
        );
        server.messages = messages;
        const changed =
          JSON.stringify(before.verify_message) !== JSON.stringify(messages.verify_message);
        const posted = postedOf(server);
        return ok({
          messages,
          verify_message_update: !changed ? 'unchanged' : posted ? 'edited' : 'not_posted',
          warning: null,
        });
      }),
    ),
    handle(
      MESSAGE_ROUTES.previewMessages,
      onServer(async (server, request) => {
        const body = await readJsonObject(request);
        const memberId = String(body.member_id ?? '');
        const messages = body.messages
          ? readMessages(body.messages as Record<string, unknown>)
          : messagesOf(server);
        // the contract names members by Discord id; the mock keeps its users by its own ids
        const discordUser = db.users.find((u) => u.discord_id === memberId);
        if (!discordUser || !server.members.some((m) => m.user_id === discordUser.id))
          return fail(
            404,
            'member_not_found',
            `body.member_id: ${memberId} is not a member of this server.`,
          );
        const account = db.linkedAccounts.find((a) => a.owner_id === discordUser.id);
        if (!account)
          return fail(
            400,
            'member_not_linked',
            `body.member_id: ${memberId} has no Roblox account linked to RoConnect; choose a member who has.`,
          );
        const values = {
          'roblox-name': account.roblox_username,
          'display-name': account.roblox_display_name,
          'discord-name': discordUser.global_name || discordUser.username,
          'server-name': server.server_name,
          'group-rank': '',
        };
        const own = messages.verify_message;
        return ok({
          verified_dm: render(
            messages.verified_dm ?? DEFAULT_MESSAGES.verified_dm,
            'verified_dm',
            values,
          ),
          welcome_dm: `${render(messages.welcome_dm ?? DEFAULT_MESSAGES.welcome_dm, 'welcome_dm', values)}\nhttps://roconnect.test/verify/${server.server_id}`,
          verify_message: own
            ? {
                title: render(own.title, 'title', values),
                body: render(own.body, 'body', values),
                button_label: render(own.button_label, 'button_label', values),
              }
            : { title: '', body: DEFAULT_VERIFY_TEXT, button_label: 'Verify' },
          roblox_hidden: false,
        });
      }),
    ),
    handle(
      DISCORD_SETTINGS_ROUTES.verifyMessageState,
      onServer((server) =>
        ok({
          posted: postedOf(server),
          text:
            server.posted.at(-1)?.content === DEFAULT_VERIFY_TEXT
              ? null
              : (server.posted.at(-1)?.content ?? null),
        }),
      ),
    ),
    handle(
      DISCORD_SETTINGS_ROUTES.editVerifyMessage,
      onServer(async (server, request, user) => {
        const posted = postedOf(server);
        if (!posted) return notPosted();
        const body = await readJsonObject(request);
        const last = server.posted.at(-1)!;
        const before = last.content === DEFAULT_VERIFY_TEXT ? null : last.content;
        let text = before;
        if (body.text !== undefined) {
          if (body.text !== null && (typeof body.text !== 'string' || !body.text.trim()))
            return badRequest('body.text must not be blank: send null for the default text.');
          text = body.text === null ? null : body.text.trim();
          last.content = text ?? DEFAULT_VERIFY_TEXT;
        }
        recordSettingChange(
          db,
          server,
          user,
          'verify_message',
          `text: ${before ?? 'default'}`,
          `text: ${text ?? 'default'}`,
        );
        return ok({ posted, text });
      }),
    ),
    handle(
      DISCORD_SETTINGS_ROUTES.removeVerifyMessage,
      onServer((server, _request, user) => {
        const posted = postedOf(server);
        if (!posted) return notPosted();
        server.posted.pop();
        server.verify_channel_id = null;
        recordSettingChange(
          db,
          server,
          user,
          'verify_message',
          `posted in ${posted.channel_id}`,
          null,
        );
        return ok({ already_gone: false });
      }),
    ),
  ];
}
