/**
 * What a server can require of a role through RoConnect's Linked Roles: the metadata records the
 * API registers with Discord (api/src/domain/role-connections/metadata.ts), and the names a server
 * owner picks in Discord's role settings (mfe-setup's Linked Roles guide). Types are Discord's
 * (Application Role Connection Metadata › Type): 7 BOOLEAN_EQUAL; 5 DATETIME_LESS_THAN_OR_EQUAL,
 * which Discord compares with "the server's number of days before today" at every check, so the
 * account's creation date is written, not a day count that would go stale.
 */
export const LINKED_ROLES_METADATA = [
  {
    type: 7,
    key: 'verified',
    name: 'Verified with Roblox',
    description: 'Has verified a linked Roblox account with RoConnect',
  },
  {
    type: 5,
    key: 'account_age_days',
    name: 'Roblox account age (days)',
    description: 'Days since the linked Roblox account was created',
  },
] as const;
