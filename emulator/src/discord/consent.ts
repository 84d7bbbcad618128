import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import { readCookie, sendErrorPage, sendHtml, withQuery } from '../html/page';
import { asRecord } from '../oauth/clientAuth';
import type { DiscordUserRecord, GuildRecord } from '../store/discordState';
import { guildCreateData } from '../gateway/events';
import { Intent } from '../runtime/gatewayProtocol';
import { parseAuthorizeRequest, type AuthorizeRequest } from './authorizeRequest';
import { botInvitePage, donePage, loginPage } from './consentViews';

const USER_COOKIE = 'emulator_discord_user';
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const PATHS = ['/oauth2/authorize', '/api/oauth2/authorize', '/api/v10/oauth2/authorize'];

/** the person bot invites act for: the browser's last sign-in here, else the emulator's last one */
function signedInUser(
  ctx: EmulatorContext,
  request: FastifyRequest,
): DiscordUserRecord | undefined {
  const id = readCookie(request.headers.cookie, USER_COOKIE) ?? ctx.store.lastDiscordUserId;
  const user = id ? ctx.store.discord.users.get(id) : undefined;
  return user && !user.bot ? user : undefined;
}

/** Discord's refusal when `user` may not add a bot to `guild` */
function missingManageServer(reply: FastifyReply, user: DiscordUserRecord, guild: GuildRecord) {
  return sendErrorPage(
    reply,
    403,
    'Missing permission',
    `${user.username} needs the Manage Server permission in ${guild.name} to add a bot.`,
  );
}

function cancel(reply: FastifyReply, req: AuthorizeRequest) {
  if (!req.redirectUri)
    return sendHtml(
      reply,
      200,
      donePage('Cancelled', 'Nothing was changed. You can close this page.'),
    );
  return reply.redirect(
    withQuery(req.redirectUri, {
      error: 'access_denied',
      error_description: 'The resource owner or authorization server denied the request',
      state: req.state,
    }),
  );
}

export function registerDiscordConsent(app: FastifyInstance, ctx: EmulatorContext): void {
  const appName = ctx.config.botUsername;
  const humans = () => [...ctx.store.discord.users.values()].filter((u) => !u.bot);

  /** a code for `user`'s consent to `req`; a bot invite's also carries its guild and permissions */
  const issueCode = (
    req: AuthorizeRequest,
    user: DiscordUserRecord,
    invite?: { guildId: string; permissions: string },
  ) =>
    ctx.store.discordOAuth.issueCode({
      userId: user.id,
      clientId: req.clientId,
      redirectUri: req.redirectUri,
      scope: req.scope,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      ...invite,
    });

  const show = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parseAuthorizeRequest(ctx, asRecord(request.query));
    if (!parsed.ok) return sendErrorPage(reply, 400, 'Invalid authorization request', parsed.error);
    const req = parsed.value;
    const action = request.url.split('?')[0] ?? '/oauth2/authorize';
    if (req.kind === 'login')
      return sendHtml(reply, 200, loginPage(action, req, humans(), appName));

    const user = signedInUser(ctx, request);
    if (!user)
      return sendErrorPage(
        reply,
        400,
        'Sign in first',
        'Nobody has signed in at this emulator yet: sign in with Discord, then add the bot.',
      );
    const discord = ctx.store.discord;
    if (req.guildId) {
      const guild = discord.guilds.get(req.guildId);
      if (!guild)
        return sendErrorPage(reply, 400, 'Unknown server', `There is no server ${req.guildId}.`);
      if (!discord.canManage(guild, user.id)) return missingManageServer(reply, user, guild);
      return sendHtml(reply, 200, botInvitePage(action, req, user, guild, [], appName));
    }
    const choices = [...discord.guilds.values()].filter((g) => discord.canManage(g, user.id));
    if (choices.length === 0)
      return sendErrorPage(
        reply,
        403,
        'No servers',
        `${user.username} does not manage any server.`,
      );
    return sendHtml(reply, 200, botInvitePage(action, req, user, undefined, choices, appName));
  };

  const decide = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = asRecord(request.body);
    const parsed = parseAuthorizeRequest(ctx, body);
    if (!parsed.ok) return sendErrorPage(reply, 400, 'Invalid authorization request', parsed.error);
    const req = parsed.value;
    if (body.decision === 'cancel') return cancel(reply, req);
    return req.kind === 'login' ? finishLogin(reply, req, body) : finishBotInvite(reply, req, body);
  };

  const finishLogin = (
    reply: FastifyReply,
    req: AuthorizeRequest,
    body: Record<string, unknown>,
  ) => {
    const user =
      typeof body.user_id === 'string' ? ctx.store.discord.users.get(body.user_id) : undefined;
    if (!user || user.bot)
      return sendErrorPage(
        reply,
        400,
        'Unknown account',
        'Choose one of the accounts listed on the sign-in page.',
      );
    ctx.store.lastDiscordUserId = user.id;
    const code = issueCode(req, user);
    reply.header('Set-Cookie', `${USER_COOKIE}=${user.id}; Path=/; HttpOnly; SameSite=Lax`);
    return reply.redirect(withQuery(req.redirectUri as string, { code, state: req.state }));
  };

  const finishBotInvite = (
    reply: FastifyReply,
    req: AuthorizeRequest,
    body: Record<string, unknown>,
  ) => {
    const discord = ctx.store.discord;
    const user =
      typeof body.acting_user_id === 'string' ? discord.users.get(body.acting_user_id) : undefined;
    const guild = req.guildId ? discord.guilds.get(req.guildId) : undefined;
    if (!user || user.bot)
      return sendErrorPage(
        reply,
        400,
        'Sign in first',
        'The invite page was not opened by a signed-in user.',
      );
    if (!guild)
      return sendErrorPage(reply, 400, 'Unknown server', 'Choose a server to add the bot to.');
    if (!discord.canManage(guild, user.id)) return missingManageServer(reply, user, guild);
    const joined = !guild.bot_present;
    discord.addBot(guild, req.permissions);
    // as Discord: the shard holding the guild learns of it with a GUILD_CREATE
    if (joined)
      ctx.gateway.dispatchToGuild(
        guild.id,
        Intent.Guilds,
        'GUILD_CREATE',
        guildCreateData(ctx, guild),
      );
    if (!req.redirectUri)
      return sendHtml(reply, 200, donePage('Bot added', `${appName} was added to ${guild.name}.`));
    // Discord's bot flow gives no user token: unless the app turns on "Requires OAuth2 Code
    // Grant" or asks for more scopes, the return carries the guild and permissions, no code
    // (emulator/README.md › Discord)
    if (req.botOnly && !ctx.store.application.bot_require_code_grant)
      return reply.redirect(
        withQuery(req.redirectUri, {
          state: req.state,
          guild_id: guild.id,
          permissions: req.permissions,
        }),
      );
    const code = issueCode(req, user, { guildId: guild.id, permissions: req.permissions });
    return reply.redirect(
      withQuery(req.redirectUri, {
        code,
        state: req.state,
        guild_id: guild.id,
        permissions: req.permissions,
      }),
    );
  };

  for (const path of PATHS) {
    app.get(path, show);
    app.post(path, decide);
  }
}
