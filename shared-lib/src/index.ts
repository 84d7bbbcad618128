/**
 * @roconnect/shared-lib: the runtime every part of RoConnect shares. The shell's instance is the one
 * every remote gets (a Module Federation singleton), so session, toasts, navigation and the API
 * client's interceptors are one per page.
 */
export * from './contract';
export * from './constants';
export * from './config/runtimeConfig';
export * from './api/httpClientLoader';
export * from './api/endpoints';
export * from './api/memberUpdates';
export * from './api/errors';
export * from './api/loginCheck';
export * from './api/unauthorizedInterceptor';
export * from './session/tokenStorage';
export * from './session/session';
export * from './toasts/toastStore';
export * from './navigation/navigationBridge';
export * from './parcel/defineParcel';
export * from './parcel/ParcelErrorBoundary';
export * from './ui';
export * from './format/relativeTime';
