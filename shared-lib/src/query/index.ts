/**
 * @roconnect/shared-lib/query: the page's one data layer, a kept TanStack Query cache. An entry of
 * its own, shared as a singleton beside the main one (tools/webpack/sharedSingletons.js), so only
 * the screens that load data download React Query, never the landing or the login
 * (docs/performance.md › Size budgets).
 */
export { createQueryClient, queryClient, clearOnSessionChange } from './queryClient';
export { queryKeys } from './queryKeys';
export * from './queries';
export { dashboardQuery, loadDashboard, showSyncedServers, type DashboardData } from './dashboard';
export { verificationQuery, type VerificationChoices } from './verification';
export { EARLY_ANSWER_KEYS, forgetEarlyAnswers, primeFromEarlyLoad } from './earlyAnswers';
export { accountsChanged, dashboardChanged, serverChanged } from './invalidations';
export * from './hooks';
export {
  serverChannelsQuery,
  serverMessagesQuery,
  useServerChannels,
  useServerMessages,
  useVerifyMessageState,
  verifyMessageStateQuery,
} from './discordSettings';
export * from './privacy';
export * from './linkedRoles';
export * from './developerApi';
export { PageQueryProvider } from './PageQueryProvider';
export * from './rules';
export * from './mutations';
