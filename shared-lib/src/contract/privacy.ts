/**
 * The member's privacy and account contract types (docs/security.md › Member privacy): the
 * `Static` forms of the API's schemas, declared beside them and exported here as types only.
 */
export type {
  PrivacyServerData,
  PrivacySettingsData,
  PrivacyChoice,
  LookupData,
  AccountExport,
  DeletedAccount,
} from './schemas/privacy';
