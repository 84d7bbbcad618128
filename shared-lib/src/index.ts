/**
 * @roconnect/shared-lib: the runtime every part of RoConnect shares. The shell's instance is the one
 * every remote gets (a Module Federation singleton), so session, toasts, navigation and the API
 * client are one per page. What only the shell may do with them (set the runtime configuration,
 * install the session's interceptors, write the tokens) is in the host entry, ./host.ts.
 */
export * from './contract/runtime';
export * from './constants';
export { getRuntimeConfig, type RuntimeConfig } from './config/runtimeConfig';
export * from './api/endpoints';
export * from './api/memberUpdates';
export * from './api/discordSettings';
export * from './api/privacy';
export * from './api/linkedRoles';
export * from './api/developerApi';
export * from './api/errors';
export * from './api/loginCheck';
export { saveFile } from './api/saveFile';
export {
  useApiAction,
  type ApiAction,
  type ApiActionOptions,
  type ApiOutcome,
} from './api/useApiAction';
export * from './api/session';
export * from './toasts/toastStore';
export * from './navigation/navigationBridge';
export * from './parcel/defineParcel';
export * from './parcel/ParcelErrorBoundary';
export * from './ui';
export * from './format/relativeTime';
