import { Type } from 'typebox';
import { Ok, ServerIdParams, Snowflake, errors } from './common';
import { MAX_BINDS, MAX_GROUPS_PER_SERVER } from '../constants';

const Rank = (description: string) => Type.Integer({ minimum: 0, maximum: 255, description });

export const BindSchema = Type.Object(
  {
    group_id: Type.String({ description: 'Roblox group id' }),
    min_rank: Rank('lowest rank of the range (0–255)'),
    max_rank: Rank('highest rank of the range (0–255), at least min_rank'),
    role_id: Type.String({ description: 'the Discord role given for a rank in the range' }),
    role_name: Type.String({ description: 'the role’s name (live from Discord when it can ask)' }),
  },
  { additionalProperties: false },
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
export const BindsDataSchema = Type.Object(
  {
    binds: Type.Array(BindSchema, { description: 'in the owner’s order' }),
    groups: Type.Array(BindGroupSchema, {
      description: 'the Roblox groups the binds refer to, with their ranks (for the pickers)',
    }),
  },
  { additionalProperties: false },
);

/** One bind as sent: `role_id` (an existing role) or `role_name` (found by name or created). */
export const BindInputSchema = Type.Object(
  {
    group_id: Type.Union(
      [Type.String({ minLength: 1, maxLength: 200 }), Type.Integer({ minimum: 1 })],
      { description: 'a positive integer id (or a group URL)' },
    ),
    min_rank: Rank('lowest rank of the range'),
    max_rank: Rank('highest rank of the range'),
    role_id: Type.Optional(Snowflake('an existing role')),
    role_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'a role found by name, or created by the bot with no extra permissions',
      }),
    ),
  },
  { additionalProperties: false, description: 'exactly one of role_id or role_name' },
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

const common = { tags: ['servers'], security: [{ bearerAuth: [] }], params: ServerIdParams };

export const getBindsRoute = {
  ...common,
  summary: 'Roblox group rank ranges bound to Discord roles',
  response: { 200: Ok(BindsDataSchema), ...errors(401, 403, 404, 429, 502) },
};
export const putBindsRoute = {
  ...common,
  summary: 'Replace every bind (an empty list removes the group integration)',
  body: PutBindsBodySchema,
  response: { 200: Ok(BindsDataSchema), ...errors(401, 403, 404, 409, 429, 502) },
};
