import { Type } from 'typebox';
import {
  BAN_EVASION_MODES,
  JOIN_HANDLING_MODES,
  MAX_BLOCKED_GROUPS,
  MAX_BLOCKED_ROBLOX_USERS,
  MAX_BYPASS_ROLES,
  MAX_MIN_ACCOUNT_AGE_DAYS,
  MAX_REQUIRED_GROUPS,
  NICKNAME_FORMATS,
  NICKNAME_TEMPLATE_MAX_LENGTH,
  NICKNAME_TOKENS,
  RESTRICTION_ACTIONS,
  RESYNC_SCHEDULES,
  SETUP_STEPS,
} from '../constants';
import { Nullable, Ok, ServerIdParams, Snowflake, SnowflakeSet, errors } from './common';
import { StaffRolesSchema } from './staff';

export const NicknameFormatSchema = Type.Enum([...NICKNAME_FORMATS], {
  description: 'how the bot sets nicknames',
});
export const SetupStepSchema = Type.Enum([...SETUP_STEPS]);
export const JoinHandlingSchema = Type.Enum([...JOIN_HANDLING_MODES], {
  description:
    'verify: a linked joiner is verified, an unlinked one gets the unverified role; off: nothing',
});
export const ResyncScheduleSchema = Type.Enum([...RESYNC_SCHEDULES], {
  description: 'how often every member is updated at a quiet hour',
});

const TOKENS_IN_WORDS = NICKNAME_TOKENS.map((t) => `{${t}}`).join(', ');

export const NicknameTemplateSchema = Type.String({
  minLength: 1,
  maxLength: NICKNAME_TEMPLATE_MAX_LENGTH,
  description: `free text with the tokens ${TOKENS_IN_WORDS}; the result is cut safely to 32 characters. A template whose fixed text can never fit, or that names another token, is a 400 saying which`,
});

export const RestrictionActionSchema = Type.Enum([...RESTRICTION_ACTIONS], {
  description:
    'deny: no roles and the member is told why; kick or ban: also removed from the server (never a server manager; the bot needs Kick or Ban Members)',
});
const RequiredGroupIds = Type.Array(Type.String({ pattern: '^[0-9]{1,19}$' }), {
  maxItems: MAX_REQUIRED_GROUPS,
  description: 'group lock: a member in none of these Roblox groups is restricted; empty: no lock',
});
export const BanEvasionSchema = Type.Enum([...BAN_EVASION_MODES], {
  description:
    'a member whose Roblox account was used here by a Discord account banned in this server: off, flag (log channel and audit log), deny (flag and restrict)',
});

export const RestrictionsSchema = Type.Object(
  {
    min_account_age_days: Nullable(
      Type.Integer({
        minimum: 0,
        maximum: MAX_MIN_ACCOUNT_AGE_DAYS,
        description: 'a Roblox account younger than this is restricted; null: no minimum',
      }),
    ),
    blocked_roblox_user_ids: Type.Array(Type.String({ pattern: '^[0-9]{1,19}$' }), {
      maxItems: MAX_BLOCKED_ROBLOX_USERS,
      description: 'Roblox accounts that are restricted',
    }),
    blocked_group_ids: Type.Array(Type.String({ pattern: '^[0-9]{1,19}$' }), {
      maxItems: MAX_BLOCKED_GROUPS,
      description: 'members of these Roblox groups (any rank) are restricted',
    }),
    required_group_ids: RequiredGroupIds,
    ban_evasion: BanEvasionSchema,
    action: RestrictionActionSchema,
  },
  { additionalProperties: false },
);

export const ServerConfigSchema = Type.Object(
  {
    server_name: Type.String(),
    nickname_format: NicknameFormatSchema,
    nickname_template: Nullable(
      Type.String({
        description:
          'the server’s own nickname template; null: the template of nickname_format (NICKNAME_PRESET_TEMPLATES)',
      }),
    ),
    nickname_bypass_role_ids: Type.Array(Type.String(), {
      description: 'members with one of these roles keep their nickname',
    }),
    role_bypass_role_ids: Type.Array(Type.String(), {
      description: 'members with one of these roles are never given or stripped of bound roles',
    }),
    restrictions: RestrictionsSchema,
    verified_role_name: Type.String(),
    verified_role_id: Nullable(Type.String()),
    group_id: Nullable(Type.String()),
    unverified_role_id: Nullable(
      Type.String({ description: 'given to members who are not verified; null when off' }),
    ),
    join_handling: JoinHandlingSchema,
    join_dm: Type.Boolean({ description: 'an unlinked joiner gets a DM with the verify link' }),
    log_channel_id: Nullable(
      Type.String({ description: 'the text channel the audit log is posted to; null when off' }),
    ),
    resync: ResyncScheduleSchema,
    staff_roles: StaffRolesSchema,
  },
  { additionalProperties: false },
);
export const ServerConfigDataSchema = Type.Object(
  { server_config: ServerConfigSchema },
  { additionalProperties: false },
);
export const SetupStatusSchema = Type.Object(
  { setup_completed: Type.Boolean(), setup_step: Nullable(SetupStepSchema) },
  { additionalProperties: false },
);
export const ServerRoleSchema = Type.Object(
  { id: Type.String(), name: Type.String(), position: Type.Integer(), assignable: Type.Boolean() },
  { additionalProperties: false },
);
export const GroupSummarySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    ranks: Type.Array(
      Type.Object(
        { rank: Type.Integer(), name: Type.String(), discord_role_id: Nullable(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export const ServerEditDataSchema = Type.Object(
  {
    server_config: ServerConfigSchema,
    roles: Type.Array(ServerRoleSchema),
    group: Nullable(GroupSummarySchema),
  },
  { additionalProperties: false },
);

const RoleName = Type.String({
  minLength: 1,
  maxLength: 100,
  description: '1–100 characters after trimming; not @everyone',
});
const GroupId = Type.Union(
  [Type.String({ minLength: 1, maxLength: 200 }), Type.Integer({ minimum: 1 })],
  {
    description: 'a positive integer id (or a group URL)',
  },
);
const GroupUrl = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'a Roblox group or community URL',
});

export const NicknameBodySchema = Type.Object(
  { nickname_format: NicknameFormatSchema },
  { additionalProperties: false },
);
export const EditNicknameBodySchema = Type.Object(
  {
    nickname_format: Type.Optional(NicknameFormatSchema),
    nickname_template: Type.Optional(NicknameTemplateSchema),
  },
  {
    additionalProperties: false,
    description:
      'exactly one: nickname_format picks a named template; nickname_template sets the server’s own (one equal to a named template picks that name)',
  },
);
const BypassRoleIds = (description: string) =>
  SnowflakeSet('a role of this server', MAX_BYPASS_ROLES, description);
export const EditBypassRolesBodySchema = Type.Object(
  {
    nickname_bypass_role_ids: BypassRoleIds('members with one of these keep their nickname'),
    role_bypass_role_ids: BypassRoleIds(
      'members with one of these are never given or stripped of bound roles',
    ),
  },
  { additionalProperties: false, description: 'both whole lists; empty lists turn bypass off' },
);
export const EditRestrictionsBodySchema = Type.Object(
  {
    ...RestrictionsSchema.properties,
    required_group_ids: Type.Optional(RequiredGroupIds),
    ban_evasion: Type.Optional(BanEvasionSchema),
  },
  {
    additionalProperties: false,
    description: 'required_group_ids and ban_evasion left out keep their value',
  },
);

export const SetupNicknameDataSchema = Type.Object(
  { setup_step: Nullable(SetupStepSchema) },
  { additionalProperties: false },
);
export const SetupVerifiedRoleBodySchema = Type.Object(
  { verified_role_name: RoleName },
  { additionalProperties: false },
);
export const SetupVerifiedRoleDataSchema = Type.Object(
  { verified_role_id: Type.String(), setup_step: Nullable(SetupStepSchema) },
  { additionalProperties: false },
);
export const SetupGroupBodySchema = Type.Object(
  {
    group_id: Type.Optional(GroupId),
    group_url: Type.Optional(GroupUrl),
    skip: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false, description: 'exactly one of group_id, group_url or skip: true' },
);
export const SetupGroupDataSchema = Type.Object(
  {
    setup_completed: Type.Boolean(),
    group_id: Nullable(Type.String()),
    group_name: Nullable(Type.String()),
    roles_created: Type.Array(Type.String(), { description: 'names of the Discord roles created' }),
  },
  { additionalProperties: false },
);
export const EditVerifiedRoleBodySchema = Type.Object(
  {
    verified_role_name: RoleName,
    verified_role_id: Nullable(Snowflake('an existing role, or null to find/create by name')),
  },
  { additionalProperties: false },
);
export const EditGroupBodySchema = Type.Object(
  { group_id: Type.Optional(GroupId), group_url: Type.Optional(GroupUrl) },
  { additionalProperties: false, description: 'one of group_id or group_url' },
);

export const EditUnverifiedRoleBodySchema = Type.Object(
  {
    unverified_role_id: Nullable(
      Snowflake('an existing role the bot may give, or null to turn the unverified role off'),
    ),
  },
  { additionalProperties: false },
);

const common = { tags: ['servers'], security: [{ bearerAuth: [] }], params: ServerIdParams };
const errs = errors(401, 403, 404, 409, 502);

export const configRoute = {
  ...common,
  summary: 'Server configuration',
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const setupStatusRoute = {
  ...common,
  summary: 'Setup wizard status',
  response: { 200: Ok(SetupStatusSchema), ...errs },
};
export const setupNicknameRoute = {
  ...common,
  summary: 'Setup step 1: nickname format',
  body: NicknameBodySchema,
  response: { 200: Ok(SetupNicknameDataSchema), ...errs },
};
export const setupVerifiedRoleRoute = {
  ...common,
  summary: 'Setup step 2: verified role (created when missing)',
  body: SetupVerifiedRoleBodySchema,
  response: { 200: Ok(SetupVerifiedRoleDataSchema), ...errs },
};
export const setupGroupRoute = {
  ...common,
  summary: 'Setup step 3: Roblox group (one Discord role per rank above 0) or skip',
  body: SetupGroupBodySchema,
  response: { 200: Ok(SetupGroupDataSchema), ...errs },
};
export const editRoute = {
  ...common,
  summary: 'Configuration, roles and group for the edit page',
  response: { 200: Ok(ServerEditDataSchema), ...errors(401, 403, 404, 409, 429, 502) },
};
export const editNicknameRoute = {
  ...common,
  summary: 'Change the nickname format (a named template) or set the server’s own template',
  body: EditNicknameBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const editVerifiedRoleRoute = {
  ...common,
  summary: 'Change the verified role',
  body: EditVerifiedRoleBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const editGroupRoute = {
  ...common,
  summary: 'Change the Roblox group',
  body: EditGroupBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const removeGroupRoute = {
  ...common,
  summary:
    'Remove the group integration: the group’s rank binds go, every other bind stays; the next bound group, if any, becomes the server’s group',
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const editUnverifiedRoleRoute = {
  ...common,
  summary: 'Set or turn off the role given to members who are not verified',
  body: EditUnverifiedRoleBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const editBypassRolesRoute = {
  ...common,
  summary: 'Roles whose members keep their nickname, and roles whose members keep their roles',
  body: EditBypassRolesBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const editRestrictionsRoute = {
  ...common,
  summary:
    'Who may not verify here (account age, blocked accounts and groups) and what happens to them',
  body: EditRestrictionsBodySchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
export const editStaffRolesRoute = {
  ...common,
  summary:
    'Roles whose members manage this server’s console, and roles whose members may update others; only those who own the server or have Manage Server may change them',
  body: StaffRolesSchema,
  response: { 200: Ok(ServerConfigDataSchema), ...errs },
};
