import type { DiscordRole } from '../../integrations/types';
/** The parts of a Discord interaction payload RoConnect reads (Discord sends many more). */
export interface InteractionUser {
  id: string;
  username: string;
  global_name?: string | null;
}

export interface InteractionMember {
  user: InteractionUser;
  nick?: string | null;
  roles: string[];
  /** the member's permissions in the channel, a decimal bit set */
  permissions: string;
}

export interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
}

export interface Interaction {
  id: string;
  application_id: string;
  type: number;
  token: string;
  guild_id?: string;
  member?: InteractionMember;
  user?: InteractionUser;
  /** a slash command's name and options, or a pressed button's custom_id */
  data?: {
    name?: string;
    options?: CommandOption[];
    custom_id?: string;
    component_type?: number;
  };
}

export const InteractionType = { Ping: 1, ApplicationCommand: 2, MessageComponent: 3 } as const;
export const ResponseType = { Pong: 1, Message: 4, Deferred: 5 } as const;
export const EPHEMERAL = 64;

/** What a command answers: the message's text and, sometimes, a link button. */
export interface Reply {
  content: string;
  link?: { label: string; url: string };
}

/** Discord's message body for a reply: ephemeral, and mentioning nobody. */
export function messageData(reply: Reply) {
  return {
    content: reply.content,
    flags: EPHEMERAL,
    allowed_mentions: { parse: [] as string[] },
    ...(reply.link
      ? {
          components: [
            {
              type: 1,
              components: [{ type: 2, style: 5, label: reply.link.label, url: reply.link.url }],
            },
          ],
        }
      : {}),
  };
}

/** The value of a user option (`member:@user`), or null when it is missing. */
export function userOption(interaction: Interaction, name: string): string | null {
  const option = interaction.data?.options?.find((o) => o.name === name);
  return typeof option?.value === 'string' && /^\d{1,20}$/.test(option.value) ? option.value : null;
}

const ADMINISTRATOR = 1n << 3n;
const MANAGE_GUILD = 1n << 5n;
const MANAGE_ROLES = 1n << 28n;

const bitsOf = (permissions: string | undefined) =>
  /^\d{1,20}$/.test(permissions ?? '') ? BigInt(permissions!) : 0n;

/**
 * Who may run /update: Manage Roles or Manage Server (Administrator implies both) in the server.
 * The interaction's `permissions` field is the member's permissions in the channel: Administrator
 * and Manage Server cannot come from a channel override, but there bit 28 means Manage Permissions.
 * So that bit counts only when @everyone or one of the member's roles carries it server-wide
 * (`loadRoles`: the server's live roles, read only then; `member.roles` is signed by Discord).
 */
export async function canUpdateOthers(
  member: InteractionMember | undefined,
  guildId: string,
  loadRoles: () => Promise<readonly Pick<DiscordRole, 'id' | 'permissions'>[]>,
): Promise<boolean> {
  if (!member) return false;
  const inChannel = bitsOf(member.permissions);
  if ((inChannel & (ADMINISTRATOR | MANAGE_GUILD)) !== 0n) return true;
  if ((inChannel & MANAGE_ROLES) === 0n) return false;
  const held = new Set([guildId, ...member.roles]);
  const serverWide = (await loadRoles())
    .filter((r) => held.has(r.id))
    .reduce((bits, r) => bits | bitsOf(r.permissions), 0n);
  return (serverWide & (ADMINISTRATOR | MANAGE_ROLES)) !== 0n;
}
