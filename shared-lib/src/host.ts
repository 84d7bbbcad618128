/**
 * @roconnect/shared-lib/host: what only the shell may do with the shared runtime. It sets the
 * runtime configuration, installs the session's interceptors on the HTTP clients and writes the
 * tokens; remotes read the session through the main entry and may not import this one
 * (.dependency-cruiser.cjs). These are the very modules the main entry uses: the shell bundles
 * both entries from the same files, and every remote gets the shell's instance of the main entry
 * (a Module Federation singleton, tools/webpack/sharedSingletons.js), so what the shell sets here
 * is what the remotes read.
 */
export { configureRuntime, type RuntimeConfig } from './config/runtimeConfig';
export { withHttpClients } from './api/httpClientLoader';
export { installUnauthorizedInterceptor } from './api/unauthorizedInterceptor';
export { tokenStorage } from './session/tokenStorage';
