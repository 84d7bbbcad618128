export * from './runtime';
export * from './robloxGroupInput';
export * from './nicknameTemplate';
