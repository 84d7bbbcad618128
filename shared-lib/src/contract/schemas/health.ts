import { Type } from 'typebox';
import { Nullable, Ok, ServerIdParams, errors } from './common';

export const HealthProblemCodeSchema = Type.Union([
  Type.Literal('bot_missing'),
  Type.Literal('missing_manage_roles'),
  Type.Literal('missing_manage_nicknames'),
  Type.Literal('bot_role_too_low'),
  Type.Literal('verified_role_missing'),
  Type.Literal('unverified_role_missing'),
  Type.Literal('bound_role_missing'),
  Type.Literal('log_channel_unpostable'),
  Type.Literal('verify_channel_unpostable'),
]);
export const HealthProblemSchema = Type.Object(
  {
    code: HealthProblemCodeSchema,
    message: Type.String({ description: 'what is wrong' }),
    fix: Type.String({ description: 'the fix in one sentence' }),
    reinvite_url: Nullable(
      Type.String({ description: 'a bot invite with the right permissions, where one is missing' }),
    ),
  },
  { additionalProperties: false },
);
export const ServerHealthSchema = Type.Object(
  {
    ok: Type.Boolean(),
    problems: Type.Array(HealthProblemSchema),
    checked_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const serverHealthRoute = {
  tags: ['servers'],
  security: [{ bearerAuth: [] }],
  params: ServerIdParams,
  summary: 'Can the bot verify members here? Each problem with its fix',
  response: { 200: Ok(ServerHealthSchema), ...errors(401, 403, 429, 502) },
};
