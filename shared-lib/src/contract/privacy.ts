/**
 * The member's privacy and account contract types (docs/security.md › Member privacy): the
 * `Static` forms of the API's schemas, imported as types only.
 */
import type { Static } from 'typebox';
import type {
  AccountExportSchema,
  DeletedAccountSchema,
  LookupSchema,
  PrivacyChoiceSchema,
  PrivacyServerSchema,
  PrivacySettingsSchema,
} from './schemas/privacy';

export type PrivacyServerData = Static<typeof PrivacyServerSchema>;
/** GET /api/v1/dashboard/user/privacy → this (and PUT answers it). */
export type PrivacySettingsData = Static<typeof PrivacySettingsSchema>;
/** PUT /api/v1/dashboard/user/privacy body. */
export type PrivacyChoice = Static<typeof PrivacyChoiceSchema>;
/** GET /api/v1/dashboard/user/lookups → a list of these. */
export type LookupData = Static<typeof LookupSchema>;
/** GET /api/v1/dashboard/user/export → this, as an attachment. */
export type AccountExport = Static<typeof AccountExportSchema>;
/** DELETE /api/v1/dashboard/user → this. */
export type DeletedAccount = Static<typeof DeletedAccountSchema>;
