import type { ApiSuccess } from '../contract/types';
import type { MemberUpdateJob, StartMemberUpdateData } from '../contract/memberUpdates';
import { API_PATHS } from '../contract/paths';
import { MEMBER_UPDATE_ROUTES, fillPath } from '../contract/apiRoutes';
import { httpClient } from './httpClientLoader';

/** Updating every member of a server (POST/GET/DELETE /api/v1/server/{id}/members/update…). */
export const memberUpdatesApi = {
  /** starts a run (or answers the one already going) */
  start: async (serverId: string) =>
    (
      await (
        await httpClient()
      ).post<ApiSuccess<StartMemberUpdateData>>(API_PATHS.membersUpdate(serverId), {})
    ).data.data,
  /** the server's latest run, or null when it never had one */
  latest: async (serverId: string) =>
    (
      await (
        await httpClient()
      ).get<ApiSuccess<MemberUpdateJob | null>>(API_PATHS.membersUpdate(serverId))
    ).data.data,
  job: async (serverId: string, jobId: string) =>
    (
      await (
        await httpClient()
      ).get<ApiSuccess<MemberUpdateJob>>(API_PATHS.membersUpdateJob(serverId, jobId))
    ).data.data,
  cancel: async (serverId: string, jobId: string) =>
    (
      await (
        await httpClient()
      ).delete<ApiSuccess<MemberUpdateJob>>(API_PATHS.membersUpdateJob(serverId, jobId))
    ).data.data,
  /** the server's owner lets a run waiting for them kick or ban the members it held back */
  confirmRemovals: async (serverId: string, jobId: string) =>
    (
      await (
        await httpClient()
      ).post<ApiSuccess<MemberUpdateJob>>(
        fillPath(MEMBER_UPDATE_ROUTES.confirmRemovals.path, { id: serverId, jobId }),
        {},
      )
    ).data.data,
};
