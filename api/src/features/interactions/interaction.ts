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
  data?: { name: string; options?: CommandOption[] };
}

export const InteractionType = { Ping: 1, ApplicationCommand: 2 } as const;
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

/** Manage Roles or Manage Server (Administrator implies both), from the interaction's own field. */
export function canUpdateOthers(member: InteractionMember | undefined): boolean {
  if (!member || !/^\d{1,20}$/.test(member.permissions ?? '')) return false;
  const bits = BigInt(member.permissions);
  return (bits & (ADMINISTRATOR | MANAGE_GUILD | MANAGE_ROLES)) !== 0n;
}
