import { apiCalls } from './apiCalls';

const { memberUpdates } = apiCalls;

/** Updating every member of a server (POST/GET/DELETE /api/v1/server/{id}/members/update…). */
export const memberUpdatesApi = {
  /** starts a run (or answers the one already going); `roleId`: only the members holding it */
  start: (serverId: string, roleId: string | null = null) =>
    memberUpdates.start({ params: { id: serverId }, body: { role_id: roleId } }),
  /** the server's latest run, or null when it never had one */
  latest: (serverId: string) => memberUpdates.latest({ params: { id: serverId } }),
  job: (serverId: string, jobId: string) => memberUpdates.job({ params: { id: serverId, jobId } }),
  cancel: (serverId: string, jobId: string) =>
    memberUpdates.cancel({ params: { id: serverId, jobId } }),
  /** the server's owner lets a run waiting for them kick or ban the members it held back */
  confirmRemovals: (serverId: string, jobId: string) =>
    memberUpdates.confirmRemovals({ params: { id: serverId, jobId } }),
};
