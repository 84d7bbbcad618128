import { Type } from 'typebox';
import { Nullable, Ok, Snowflake, Uuid, errors } from './common';

export const VerifyRequestSchema = Type.Object(
  {
    server_id: Snowflake('the server to verify in'),
    account_id: Uuid('one of the caller’s linked accounts'),
  },
  { additionalProperties: false },
);
export const NotGivenSchema = Type.Object(
  {
    role_id: Type.String(),
    role_name: Type.String(),
    reason: Type.String({
      description:
        'in plain words, e.g. "rank 50 in Quartz Guild; this role needs 100–255", "the inventory is private"',
    }),
  },
  { additionalProperties: false },
);
export const VerifyResultSchema = Type.Object(
  {
    roles_updated: Type.Boolean(),
    nickname_updated: Type.Boolean(),
    dm_sent: Type.Boolean(),
    roles_added: Type.Array(Type.String(), { description: 'names of roles given' }),
    roles_removed: Type.Array(Type.String(), { description: 'names of roles taken away' }),
    nickname: Nullable(Type.String({ maxLength: 32 })),
    warnings: Type.Array(Type.String()),
    not_given: Type.Array(NotGivenSchema, {
      description: 'bound roles the member did not get, each with why',
    }),
    restricted: Nullable(
      Type.String({
        description:
          'why a restriction of the server caught the member (no roles were given); null: none did',
      }),
    ),
    restriction_action: Nullable(
      Type.Union([Type.Literal('deny'), Type.Literal('kick'), Type.Literal('ban')], {
        description:
          'what the restriction did: deny (no roles), kick or ban; a kick or ban Discord refused or an update held back is deny; null: none caught the member',
      }),
    ),
  },
  { additionalProperties: false },
);

export const verifyRoute = {
  tags: ['dashboard'],
  security: [{ bearerAuth: [] }],
  summary: 'Verify a linked Roblox account in a server: roles, nickname, DM',
  body: VerifyRequestSchema,
  response: { 200: Ok(VerifyResultSchema), ...errors(401, 403, 404, 409, 429, 502) },
};
