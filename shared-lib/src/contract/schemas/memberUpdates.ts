import { Type, type Static } from 'typebox';
import { Nullable, Ok, Snowflake, Uuid, errors } from './common';

export const MemberUpdateStatusSchema = Type.Enum(
  ['queued', 'running', 'waiting_for_owner', 'done', 'failed', 'cancelled'],
  {
    description:
      "waiting_for_owner: every other member is done, and the run would kick or ban more members than it may without the server's owner (removals_waiting); it does nothing until the owner allows it or someone cancels it",
  },
);
export type MemberUpdateStatus = Static<typeof MemberUpdateStatusSchema>;
export const MemberUpdateJobSchema = Type.Object(
  {
    job_id: Type.String(),
    status: MemberUpdateStatusSchema,
    total: Type.Integer({ description: 'linked members found in the server so far' }),
    done: Type.Integer({ description: 'members handled (updated, already right, or gone)' }),
    failed: Type.Integer({ description: 'members Discord or Roblox refused' }),
    removed: Type.Integer({ description: 'members this run kicked or banned (or tried to)' }),
    removals_waiting: Type.Integer({
      description:
        "members this run would kick or ban once the server's owner allows it; only denied roles so far",
    }),
    caller_is_owner: Type.Boolean({
      description:
        'whether the caller owns the server, as of their guild list (a hint for the console: allowing is checked live)',
    }),
    role_id: Nullable(
      Snowflake('the run covers only members holding this role; null: every member'),
    ),
    started_at: Nullable(Type.String({ format: 'date-time' })),
    finished_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
/**
 * POST /api/v1/server/{id}/members/update → 202 {job_id}; GET …/members/update/{job_id} → this;
 * DELETE …/members/update/{job_id} cancels; GET …/members/update → the latest run or null;
 * POST …/members/update/{job_id}/confirm-removals: the server's owner lets a run in
 * `waiting_for_owner` kick or ban the `removals_waiting` members it held back.
 */
export type MemberUpdateJob = Static<typeof MemberUpdateJobSchema>;

export const StartMemberUpdateBodySchema = Type.Object(
  {
    role_id: Type.Optional(
      Nullable(Snowflake('update only the members holding this role; absent or null: everyone')),
    ),
  },
  { additionalProperties: false },
);
/** POST …/members/update: `role_id` updates only the members holding that role (absent or null: everyone) */
export type StartMemberUpdateRequest = Static<typeof StartMemberUpdateBodySchema>;

export const StartMemberUpdateDataSchema = Type.Object(
  { job_id: Type.String() },
  { additionalProperties: false },
);
export type StartMemberUpdateData = Static<typeof StartMemberUpdateDataSchema>;

const ServerParams = Type.Object(
  { id: Snowflake('the Discord server (guild) id') },
  { additionalProperties: false },
);
const JobParams = Type.Object(
  { id: Snowflake('the Discord server (guild) id'), jobId: Uuid('the update job id') },
  { additionalProperties: false },
);
const common = { tags: ['servers'], security: [{ bearerAuth: [] }] };

export const startRoute = {
  ...common,
  params: ServerParams,
  body: StartMemberUpdateBodySchema,
  summary:
    'Update every member of the server, or those holding one role (roles and nicknames); answers the job to follow',
  response: {
    202: Ok(StartMemberUpdateDataSchema),
    ...errors(401, 403, 404, 409, 502),
  },
};
export const latestRoute = {
  ...common,
  params: ServerParams,
  summary: "The server's latest member update, or null",
  response: { 200: Ok(Nullable(MemberUpdateJobSchema)), ...errors(401, 403) },
};
export const jobRoute = {
  ...common,
  params: JobParams,
  summary: 'Progress of a member update',
  response: { 200: Ok(MemberUpdateJobSchema), ...errors(401, 403, 404) },
};
export const confirmRemovalsRoute = {
  ...common,
  params: JobParams,
  summary:
    "The server's owner allows a run waiting for them to kick or ban the members it holds back",
  response: { 200: Ok(MemberUpdateJobSchema), ...errors(401, 403, 404, 409, 502) },
};
export const cancelRoute = {
  ...common,
  params: JobParams,
  summary: 'Cancel a member update (members already updated stay updated)',
  response: { 200: Ok(MemberUpdateJobSchema), ...errors(401, 403, 404, 502) },
};
