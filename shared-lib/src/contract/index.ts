export * from './runtime';
export * from './robloxGroupInput';
export * from './nicknameTemplate';
export * from './bindRules';
export * from './version';
export * from './linkedRolesMetadata';
export * from './messageTemplate';
export { MAX_REQUIRED_GROUPS } from './constants';
