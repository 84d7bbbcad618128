/**
 * The HTTP contract's TypeBox schemas, by resource: the API validates and documents every route
 * with them (at the paths of ../apiRoutes), and shared-lib's contract types are their `Static`
 * forms. The API imports this entry (`@roconnect/shared-lib/contract/schemas`); browser code only
 * ever imports these modules as types, so TypeBox stays out of its bundles.
 */
export * from './common';
export * from './auth';
export * from './dashboard';
export * from './verification';
export * from './roblox';
export * from './servers';
export * from './discordSettings';
export * from './messages';
export * from './binds';
export * from './audit';
export * from './health';
export * from './memberUpdates';
export * from './public';
export * from './privacy';
export * from './linkedRoles';
export * from './developerApi';
export * from './staff';
export * from './configBackup';
export * from './endpoints';
