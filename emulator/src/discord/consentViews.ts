import { accountChoiceForm, escapeHtml, hiddenInputs, page } from '../html/page';
import type { DiscordUserRecord, GuildRecord } from '../store/discordState';
import type { AuthorizeRequest } from './authorizeRequest';

export function loginPage(
  action: string,
  req: AuthorizeRequest,
  users: DiscordUserRecord[],
  appName: string,
): string {
  const accounts = users.map((u) => ({ id: u.id, name: u.username }));
  return page(
    `Sign in to ${appName} — Discord (emulator)`,
    `<h1>${escapeHtml(appName)} wants to access your account</h1>
<p>This will allow ${escapeHtml(appName)} to: ${escapeHtml(req.scope.split(' ').join(', '))}.</p>
${accountChoiceForm(action, req.carry, accounts)}`,
  );
}

export function botInvitePage(
  action: string,
  req: AuthorizeRequest,
  user: DiscordUserRecord,
  guild: GuildRecord | undefined,
  choices: GuildRecord[],
  appName: string,
): string {
  const target = guild
    ? `<h1>Add bot to ${escapeHtml(guild.name)}</h1>${hiddenInputs({ guild_id: guild.id })}`
    : `<h1>Add bot to a server</h1>
<label for="guild_id">Server</label>
<select id="guild_id" name="guild_id" required>${choices
        .map((g) => `<option value="${escapeHtml(g.id)}">${escapeHtml(g.name)}</option>`)
        .join('')}</select>`;
  const carry = { ...req.carry, guild_id: undefined };
  return page(
    `Add ${appName} — Discord (emulator)`,
    `<form method="post" action="${escapeHtml(action)}">
${target}
<p>Signed in as ${escapeHtml(user.username)}. ${escapeHtml(appName)} will join this server with the permissions it asked for.</p>
${hiddenInputs({ ...carry, acting_user_id: user.id })}
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>`,
  );
}

export function donePage(title: string, detail: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(detail)}</p>`);
}
