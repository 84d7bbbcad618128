// this one module, not the contract's entry: the dashboard's inline early load reads it too
import { INLINED_PAGE } from '@roconnect/shared-lib/contract/inlined-page';

/**
 * remotes.json and config.json as the shell's server inlined them into the page (shell/server),
 * which saves a round trip before the first remote can load. A file the server could not read
 * whole is left out, and the shell fetches it instead (and meets the server's 503).
 */
export interface InlineDeploy {
  remotes?: unknown;
  config?: unknown;
}

export const INLINE_DEPLOY_ID = INLINED_PAGE.deployElementId;

export function readInlineDeploy(doc: Document = document): InlineDeploy {
  const text = doc.getElementById(INLINE_DEPLOY_ID)?.textContent;
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as InlineDeploy)
      : {};
  } catch {
    return {};
  }
}
