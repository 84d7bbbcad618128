/**
 * The version of the contract between the shell and its remotes: the API routes and types, the
 * parcels' props and shared-lib's runtime the shell hands every remote. Each remote's build writes
 * the version it was built against into its mf-manifest.json (tools/webpack/createRemoteConfig.js);
 * the shell refuses a remote of another major version (ARCHITECTURE.md › The shell and its remotes).
 * Raise the major on a change a remote built before it cannot work with, the minor on an addition
 * it can live without (1.1: a member update may wait for the owner); the build reads this line.
 */
export const CONTRACT_VERSION = '1.1.0';

/** The major version of a `major.minor.patch` string, or null when it is not one. */
export function contractMajor(version: unknown): number | null {
  if (typeof version !== 'string') return null;
  const match = /^(\d+)\.\d+\.\d+$/.exec(version);
  return match ? Number(match[1]) : null;
}
