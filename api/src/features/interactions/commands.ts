import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';

/** The slash commands RoConnect registers (bulk overwrite: this list is the whole set). */
export const SLASH_COMMANDS = [
  {
    name: 'verify',
    type: ApplicationCommandType.ChatInput,
    description: 'Get your roles and nickname in this server from your linked Roblox account',
    dm_permission: false,
  },
  {
    name: 'update',
    type: ApplicationCommandType.ChatInput,
    description: "Re-apply a member's roles and nickname (Manage Roles or Manage Server)",
    dm_permission: false,
    options: [
      {
        name: 'member',
        description: 'The member to update',
        type: ApplicationCommandOptionType.User,
        required: true,
      },
    ],
  },
  {
    name: 'whois',
    type: ApplicationCommandType.ChatInput,
    description: "Show a member's linked Roblox profile",
    dm_permission: false,
    options: [
      {
        name: 'member',
        description: 'The member to look up',
        type: ApplicationCommandOptionType.User,
        required: true,
      },
    ],
  },
];
