// The contract as the shared runtime (@roconnect/shared-lib) re-exports it: every page's start
// file carries it. The rules' parsers (nicknameTemplate, robloxGroupInput) are left out: only the
// setup pages use them, so mfe-setup bundles them from @roconnect/shared-lib/contract.
export * from './types';
export * from './console';
export * from './memberUpdates';
export * from './messages';
export * from './staffAndBackup';
export * from './privacy';
export * from './linkedRoles';
export * from './developerApi';
export * from './apiRoutes';
export * from './paths';
export * from './imageUrls';
export * from './parcelProps';
export * from './appPaths';
export * from './inlinedPage';
