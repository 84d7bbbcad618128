import { Type } from 'typebox';
import { AuthUrlDataSchema } from './auth';
import { IsoDate, Nullable, Ok, errors } from './common';

/** One value RoConnect shares with Discord for Linked Roles, as it was last written. */
export const LinkedRoleFieldSchema = Type.Object(
  {
    key: Type.String({ description: 'the metadata key Discord knows it by' }),
    name: Type.String({ description: 'what a server owner picks in Discord’s role settings' }),
    kind: Type.Union([Type.Literal('boolean'), Type.Literal('date'), Type.Literal('number')], {
      description: 'how to read `value`',
    }),
    value: Type.String({ description: '"1"/"0" for a boolean, ISO 8601 for a date' }),
  },
  { additionalProperties: false },
);

export const LinkedRolesSchema = Type.Object(
  {
    connected: Type.Boolean({
      description: 'RoConnect may write the member’s Discord role connection',
    }),
    reason: Nullable(
      Type.Union([Type.Literal('no_grant'), Type.Literal('disconnected')], {
        description:
          'why not connected: no_grant, Discord never gave the role_connections.write scope; disconnected, the member disconnected',
      }),
    ),
    account: Nullable(
      Type.Object(
        {
          roblox_id: Type.String(),
          username: Type.String({ description: 'shown on the member’s Discord profile' }),
        },
        { additionalProperties: false },
      ),
    ),
    shared: Type.Array(LinkedRoleFieldSchema, {
      description: 'the values last written; empty when nothing is shared',
    }),
    written_at: Nullable(IsoDate('when they were written')),
  },
  { additionalProperties: false },
);

const auth = { security: [{ bearerAuth: [] }] };
const tags = ['linked-roles'];

export const getLinkedRolesRoute = {
  tags,
  ...auth,
  summary: 'Whether the caller’s Discord role connection is connected, and what it shares',
  response: { 200: Ok(LinkedRolesSchema), ...errors(401) },
};
export const connectLinkedRolesRoute = {
  tags,
  ...auth,
  summary:
    'The Discord authorize URL granting role_connections.write; Discord comes back to the Linked Roles page',
  response: { 200: Ok(AuthUrlDataSchema), ...errors(401) },
};
export const disconnectLinkedRolesRoute = {
  tags,
  ...auth,
  summary:
    'Empty the caller’s role connection at Discord and stop writing it. 409 not_connected; 502 discord_failed',
  response: { 200: Ok(LinkedRolesSchema), ...errors(401, 409, 502) },
};
