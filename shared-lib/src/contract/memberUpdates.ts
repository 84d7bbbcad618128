/**
 * Updating every member of a server (docs/product.md › Update all members), run as jobs on the
 * API's job engine. The types are the `Static` forms of the API's schemas, imported as types only.
 */
import type { Static } from 'typebox';
import type {
  MemberUpdateJobSchema,
  MemberUpdateStatusSchema,
  StartMemberUpdateBodySchema,
  StartMemberUpdateDataSchema,
} from './schemas/memberUpdates';

export type MemberUpdateStatus = Static<typeof MemberUpdateStatusSchema>;

/**
 * POST /api/v1/server/{id}/members/update → 202 {job_id}; GET …/members/update/{job_id} → this;
 * DELETE …/members/update/{job_id} cancels; GET …/members/update → the latest run or null;
 * POST …/members/update/{job_id}/confirm-removals: the server's owner lets a run in
 * `waiting_for_owner` kick or ban the `removals_waiting` members it held back.
 */
export type MemberUpdateJob = Static<typeof MemberUpdateJobSchema>;

export type StartMemberUpdateData = Static<typeof StartMemberUpdateDataSchema>;
/** POST …/members/update: `role_id` updates only the members holding that role (absent or null: everyone) */
export type StartMemberUpdateRequest = Static<typeof StartMemberUpdateBodySchema>;
