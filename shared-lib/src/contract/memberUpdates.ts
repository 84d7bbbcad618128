/**
 * Updating every member of a server (docs/product.md › Update all members), run as jobs on the
 * API's job engine. The types are the `Static` forms of the API's schemas, declared beside them and exported here as types only.
 */
export type {
  MemberUpdateStatus,
  MemberUpdateJob,
  StartMemberUpdateData,
  StartMemberUpdateRequest,
} from './schemas/memberUpdates';
