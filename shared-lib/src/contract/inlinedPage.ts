/**
 * What the shell's server writes into a page for the browser to read (shell/server/server.ts):
 * the ids of the JSON script elements, and the cookie that carries the page's CSP nonce to
 * `API_PATHS.cspNonce`.
 */
export const INLINED_PAGE = {
  /** remotes.json and config.json (shell/src/inlineDeploy.ts). */
  deployElementId: 'rc-deploy',
  /** Public API answers (shared-lib/src/api/inlinedAnswers.ts). */
  apiAnswersElementId: 'rc-api-answers',
  nonceCookie: 'rc_csp_nonce',
} as const;
