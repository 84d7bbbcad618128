/**
 * Updating every member of a server (docs/product.md › Update all members), run as jobs on the
 * API's job engine.
 */

export type MemberUpdateStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/**
 * POST /api/v1/server/{id}/members/update → 202 {job_id}; GET …/members/update/{job_id} → this;
 * DELETE …/members/update/{job_id} cancels; GET …/members/update → the latest run or null.
 */
export interface MemberUpdateJob {
  job_id: string;
  status: MemberUpdateStatus;
  total: number;
  done: number;
  failed: number;
  /** ISO 8601, UTC */
  started_at: string | null;
  finished_at: string | null;
}

export interface StartMemberUpdateData {
  job_id: string;
}
