import { startOriginScript, type ServedOrigin } from './originScript';

// The app through Debian's nginx with deploy/nginx/roconnect.conf (tools/origin/nginxOrigin.mjs),
// in front of this worker's API: /_api/ straight to the API, the remotes' builds from
// disk, the pages from a shell server of its own. Its certificate is made for the run; a test
// using it sets `ignoreHTTPSErrors`.

export type NginxOrigin = ServedOrigin;

/** Starts `nginxOrigin.mjs`; resolves once nginx serves. */
export const startNginxOrigin = (): Promise<NginxOrigin> => startOriginScript('nginxOrigin.mjs');
