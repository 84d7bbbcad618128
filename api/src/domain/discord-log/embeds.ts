import type { DiscordEmbed } from '../../integrations/types';
import type { AuditActor, AuditEvent, AuditSetting } from '../audit/record';

const GREEN = 0x57f287;
const BLURPLE = 0x5865f2;
const YELLOW = 0xfee75c;
const RED = 0xed4245;

/** Discord's embed limits (developers/resources/message, "Embed Limits"), with room to spare. */
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
const field = (name: string, value: string) => ({ name, value: cut(value, 1000), inline: false });
const list = (names: string[]) => names.join(', ');

const SETTING_LABELS: Record<AuditSetting, string> = {
  nickname_format: 'Nickname format',
  verified_role: 'Verified role',
  unverified_role: 'Unverified role',
  binds: 'Binds',
  log_channel: 'Log channel',
  join_handling: 'Join handling',
  join_dm: 'Join DM',
  resync: 'Scheduled resync',
  verify_message: 'Verify message',
  bypass_roles: 'Bypass roles',
  restrictions: 'Restrictions',
  messages: 'Messages',
  ban_evasion: 'Possible ban evasion',
  staff_roles: 'Staff roles',
  config_import: 'Configuration import',
  api_keys: 'API keys',
  webhook: 'Webhook',
  webhook_test: 'Webhook test',
  webhook_retry: 'Webhook delivery sent again',
};

const SOURCE_WORDS = {
  website: 'on the website',
  discord: 'in Discord',
  staff: 'by staff',
  update_all: 'by the member update',
  api: 'through the developer API',
} as const;

/** The warnings, or for a hidden member only how many there are (the audit log has them). */
const warningsField = (warnings: string[], hidden: boolean) =>
  field(
    'Warnings',
    hidden
      ? `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}: see the audit log on the dashboard.`
      : warnings.join('\n'),
  );

const by = (actor: AuditActor) =>
  actor.discordId ? { footer: { text: `by ${actor.username ?? actor.discordId}` } } : {};

/**
 * One audit entry as a short embed for the log channel (the same facts as the audit log). With
 * `hideRoblox`, the member's Roblox account is not shown in this server (domain/privacy): the
 * entry says what happened without naming it, and leaves out the nickname and the warnings' text.
 */
export function logEmbed(event: AuditEvent, at = new Date(), hideRoblox = false): DiscordEmbed {
  const timestamp = at.toISOString();
  switch (event.kind) {
    case 'setting_change':
      return {
        title:
          event.setting === 'ban_evasion'
            ? SETTING_LABELS.ban_evasion
            : `${SETTING_LABELS[event.setting]} changed`,
        description: cut(
          event.setting === 'ban_evasion'
            ? (event.after ?? '')
            : `${event.before ?? '(none)'} → ${event.after ?? '(none)'}`,
          2000,
        ),
        color: BLURPLE,
        timestamp,
        ...by(event.actor),
      };
    case 'verification': {
      const r = event.record;
      const fields = [];
      if (r.rolesAdded.length)
        fields.push(field('Roles given', list(r.rolesAdded.map((x) => x.name))));
      if (r.rolesRemoved.length)
        fields.push(field('Roles removed', list(r.rolesRemoved.map((x) => x.name))));
      // a hidden member's nickname and warnings may still tell their Roblox name, groups or age
      if (r.nicknameUpdated && !hideRoblox)
        fields.push(field('Nickname', r.nicknameAfter ?? '(reset)'));
      if (r.warnings.length) fields.push(warningsField(r.warnings, hideRoblox));
      return {
        title: 'Member verified',
        description: cut(
          `<@${r.member.discordId}> (${r.member.username}) ${hideRoblox ? 'with their Roblox account' : `as ${r.account.username} on Roblox`}, ${SOURCE_WORDS[r.source]}.${fields.length ? '' : ' Nothing needed changing.'}`,
          2000,
        ),
        color: GREEN,
        fields,
        timestamp,
        ...(event.actor.discordId && event.actor.discordId !== r.member.discordId
          ? by(event.actor)
          : {}),
      };
    }
    case 'unlink_cleanup': {
      const c = event.cleanup;
      const fields = [];
      if (c.rolesRemoved.length) fields.push(field('Roles removed', list(c.rolesRemoved)));
      if (c.nicknameReset) fields.push(field('Nickname', 'reset'));
      if (c.warnings.length) fields.push(warningsField(c.warnings, hideRoblox));
      return {
        title: 'Account unlinked',
        description: cut(
          `<@${c.member.discordId}> (${c.member.username}) unlinked ${hideRoblox ? 'a Roblox account' : `${c.account.username} on Roblox`}.`,
          2000,
        ),
        color: YELLOW,
        fields,
        timestamp,
      };
    }
    case 'update_run': {
      const r = event.run;
      const checked = `${r.done + r.failed} of ${r.total} members checked, ${r.failed} failed`;
      const title =
        r.status === 'done'
          ? 'Member update finished'
          : r.status === 'cancelled'
            ? 'Member update cancelled'
            : 'Member update failed';
      return {
        title,
        description: cut(`${checked}.${r.error ? ` ${r.error}` : ''}`, 2000),
        color: r.status === 'done' ? GREEN : r.status === 'cancelled' ? YELLOW : RED,
        timestamp,
      };
    }
  }
}

/** Discord takes at most 10 embeds in a message. */
export const EMBEDS_PER_MESSAGE = 10;

/** A batch's embeds as one message: when there are too many, the last says how many more. */
export function batchEmbeds(embeds: DiscordEmbed[], dropped = 0): DiscordEmbed[] {
  const more = embeds.length + dropped - EMBEDS_PER_MESSAGE;
  if (more <= 0) return embeds;
  return [
    ...embeds.slice(0, EMBEDS_PER_MESSAGE - 1),
    {
      description: `…and ${more + 1} more entries: see the audit log on the dashboard.`,
      color: BLURPLE,
    },
  ];
}
