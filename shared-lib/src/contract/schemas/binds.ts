import { Type } from 'typebox';
import { Nullable, Ok, ServerIdParams, Snowflake, errors } from './common';
import {
  BIND_KINDS,
  BIND_PRIORITY_MAX,
  BIND_PRIORITY_MIN,
  MAX_BINDS,
  MAX_GROUPS_PER_SERVER,
  NICKNAME_TEMPLATE_MAX_LENGTH,
} from '../constants';

const Rank = (description: string) => Type.Integer({ minimum: 0, maximum: 255, description });

export const BindKindSchema = Type.Enum([...BIND_KINDS], {
  description:
    'group: a rank range in a Roblox group; badge: a badge awarded; gamepass: a game pass owned; asset: a catalog item owned',
});
export const ItemKindSchema = Type.Enum(['badge', 'gamepass', 'asset'], {
  description: 'the kinds of bind that name one Roblox item',
});

const RobloxId = (description: string) => Type.String({ pattern: '^[0-9]{1,19}$', description });
/** An id as sent: digits, or a positive integer. */
const RobloxIdInput = (description: string) =>
  Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Integer({ minimum: 1 })], {
    description,
  });

const bindRule = {
  nickname: Nullable(
    Type.String({
      maxLength: NICKNAME_TEMPLATE_MAX_LENGTH,
      description:
        'a nickname template (the tokens of nickname_template) for members this bind matches; null: the server’s',
    }),
  ),
  priority: Type.Integer({
    minimum: BIND_PRIORITY_MIN,
    maximum: BIND_PRIORITY_MAX,
    description:
      'of the matching binds with a nickname, the highest priority names the member (ties: the first in order)',
  }),
};

export const BindSchema = Type.Object(
  {
    kind: BindKindSchema,
    group_id: Type.Optional(Type.String({ description: 'kind group: the Roblox group id' })),
    min_rank: Type.Optional(Rank('kind group: lowest rank of the range (0–255)')),
    max_rank: Type.Optional(Rank('kind group: highest rank of the range (0–255)')),
    badge_id: Type.Optional(Type.String({ description: 'kind badge: the Roblox badge id' })),
    gamepass_id: Type.Optional(
      Type.String({ description: 'kind gamepass: the Roblox game pass id' }),
    ),
    asset_id: Type.Optional(
      Type.String({ description: 'kind asset: the Roblox catalog item (asset) id' }),
    ),
    role_id: Type.String({ description: 'the Discord role given when the bind matches' }),
    role_name: Type.String({ description: 'the role’s name (live from Discord when it can ask)' }),
    ...bindRule,
  },
  {
    additionalProperties: false,
    description:
      'kind group has group_id, min_rank and max_rank; badge has badge_id; gamepass gamepass_id; asset asset_id',
  },
);
export const BindGroupSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    ranks: Type.Array(
      Type.Object({ rank: Type.Integer(), name: Type.String() }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export const BindItemSchema = Type.Object(
  {
    kind: ItemKindSchema,
    id: Type.String(),
    name: Nullable(
      Type.String({ description: 'null: Roblox does not know the item (or not now)' }),
    ),
  },
  { additionalProperties: false },
);
export const BindsDataSchema = Type.Object(
  {
    binds: Type.Array(BindSchema, { description: 'in the owner’s order' }),
    groups: Type.Array(BindGroupSchema, {
      description: 'the Roblox groups the binds refer to, with their ranks (for the pickers)',
    }),
    items: Type.Array(BindItemSchema, {
      description: 'the badges, game passes and catalog items the binds refer to, with names',
    }),
  },
  { additionalProperties: false },
);

/** One bind as sent: `role_id` (an existing role) or `role_name` (found by name or created). */
export const BindInputSchema = Type.Object(
  {
    kind: Type.Optional(BindKindSchema),
    group_id: Type.Optional(RobloxIdInput('kind group: a positive integer id (or a group URL)')),
    min_rank: Type.Optional(Rank('kind group: lowest rank of the range')),
    max_rank: Type.Optional(Rank('kind group: highest rank of the range')),
    badge_id: Type.Optional(RobloxIdInput('kind badge: the badge id')),
    gamepass_id: Type.Optional(RobloxIdInput('kind gamepass: the game pass id')),
    asset_id: Type.Optional(RobloxIdInput('kind asset: the catalog item (asset) id')),
    role_id: Type.Optional(Snowflake('an existing role')),
    role_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'a role found by name, or created by the bot with no extra permissions',
      }),
    ),
    nickname: Type.Optional(bindRule.nickname),
    priority: Type.Optional(bindRule.priority),
  },
  {
    additionalProperties: false,
    description:
      'kind defaults to group (group_id, min_rank, max_rank); badge needs badge_id, gamepass gamepass_id, asset asset_id, and no other kind’s fields; exactly one of role_id or role_name',
  },
);
export const PutBindsBodySchema = Type.Object(
  {
    binds: Type.Array(BindInputSchema, {
      maxItems: MAX_BINDS,
      description: `the whole list, naming at most ${MAX_GROUPS_PER_SERVER} distinct groups (400 too_many_groups); an empty list removes the group integration`,
    }),
  },
  { additionalProperties: false },
);

// ---- Preview: what a list of binds would change, from what each verified member last showed ----

export const PreviewRoleSchema = Type.Object(
  {
    role_id: Nullable(Type.String({ description: 'null: a role the bot would create by name' })),
    role_name: Type.String(),
    gain: Type.Integer({ description: 'verified members who would be given the role' }),
    lose: Type.Integer({ description: 'verified members who would lose it' }),
    keep: Type.Integer({ description: 'verified members who have it and keep it' }),
    unknown: Type.Integer({
      description:
        'verified members whose last known Roblox data does not say (an item never asked about, or a private inventory); counted in neither gain nor lose',
    }),
  },
  { additionalProperties: false },
);
export const PreviewRefusalCodeSchema = Type.Enum(
  ['above_bot', 'too_powerful', 'deleted', 'managed'],
  {
    description:
      'above_bot: at or above the bot’s highest role; too_powerful: carries a moderator permission; deleted: no longer in the server; managed: an integration’s role',
  },
);
export const PreviewRefusalSchema = Type.Object(
  {
    role_id: Type.String(),
    role_name: Type.String(),
    code: PreviewRefusalCodeSchema,
    reason: Type.String({ description: 'why, in a sentence' }),
  },
  { additionalProperties: false },
);
export const BindsPreviewDataSchema = Type.Object(
  {
    members: Type.Integer({ description: 'verified members the preview is computed over' }),
    bypassed: Type.Integer({ description: 'of them, members with a role-bypass role (untouched)' }),
    restricted: Type.Integer({ description: 'of them, members a restriction catches (no roles)' }),
    roles: Type.Array(PreviewRoleSchema, { description: 'one per bound role, in bind order' }),
    cannot_give: Type.Array(PreviewRefusalSchema, {
      description: 'bound roles the bot cannot give, and why',
    }),
    data_from: Nullable(
      Type.String({
        format: 'date-time',
        description: 'when the oldest member data used was read from Roblox; null: no members',
      }),
    ),
  },
  { additionalProperties: false },
);

// ---- Lookups for the editor: a group's ranks, an item's name, as the owner types an id ----

export const BindLookupQuerySchema = Type.Object(
  {
    kind: BindKindSchema,
    id: RobloxId('the group, badge, game pass or catalog item id'),
  },
  { additionalProperties: false },
);
export const BindLookupDataSchema = Type.Object(
  {
    kind: BindKindSchema,
    id: Type.String(),
    name: Type.String(),
    ranks: Type.Array(
      Type.Object({ rank: Type.Integer(), name: Type.String() }, { additionalProperties: false }),
      { description: 'kind group: its ranks, lowest first; other kinds: empty' },
    ),
  },
  { additionalProperties: false },
);

const common = { tags: ['servers'], security: [{ bearerAuth: [] }], params: ServerIdParams };

export const getBindsRoute = {
  ...common,
  summary: 'Roblox rules (group rank ranges, badges, game passes, catalog items) bound to roles',
  response: { 200: Ok(BindsDataSchema), ...errors(401, 403, 404, 429, 502) },
};
export const putBindsRoute = {
  ...common,
  summary: 'Replace every bind (an empty list removes the group integration)',
  body: PutBindsBodySchema,
  response: { 200: Ok(BindsDataSchema), ...errors(401, 403, 404, 409, 429, 502) },
};
export const previewBindsRoute = {
  ...common,
  summary:
    'What a list of binds would change: per role, verified members who would gain and lose it, from their last known Roblox data (Roblox is not asked), and the roles the bot cannot give',
  body: PutBindsBodySchema,
  response: { 200: Ok(BindsPreviewDataSchema), ...errors(401, 403, 404, 409, 429, 502) },
};
export const lookupBindRoute = {
  ...common,
  summary: 'A group’s name and ranks, or a badge’s, game pass’s or catalog item’s name, by id',
  querystring: BindLookupQuerySchema,
  response: { 200: Ok(BindLookupDataSchema), ...errors(401, 403, 404, 429, 502) },
};
