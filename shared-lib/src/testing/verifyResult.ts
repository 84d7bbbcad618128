import type { VerifyResult } from '../contract/types';

/**
 * A Verify & Update answer with `overrides`: by default what the seed's pending account (DemoAlt)
 * gets in Tycoon Fans — the Verified role, its nickname, a DM, and nothing refused.
 */
export function verifyResult(overrides: Partial<VerifyResult> = {}): VerifyResult {
  return {
    roles_updated: true,
    nickname_updated: true,
    dm_sent: true,
    roles_added: ['Verified'],
    roles_removed: [],
    nickname: 'DemoAlt',
    warnings: [],
    not_given: [],
    restricted: null,
    restriction_action: null,
    ...overrides,
  };
}
