/**
 * Updating every member of a server (docs/product.md › Update all members), run as jobs on the
 * API's job engine. The types are the `Static` forms of the API's schemas, imported as types only.
 */
import type { Static } from 'typebox';
import type {
  MemberUpdateJobSchema,
  MemberUpdateStatusSchema,
  StartMemberUpdateDataSchema,
} from './schemas/memberUpdates';

export type MemberUpdateStatus = Static<typeof MemberUpdateStatusSchema>;

/**
 * POST /api/v1/server/{id}/members/update → 202 {job_id}; GET …/members/update/{job_id} → this;
 * DELETE …/members/update/{job_id} cancels; GET …/members/update → the latest run or null.
 */
export type MemberUpdateJob = Static<typeof MemberUpdateJobSchema>;

export type StartMemberUpdateData = Static<typeof StartMemberUpdateDataSchema>;
