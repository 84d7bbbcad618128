import { PRIVACY_ROUTES } from '../contract/apiRoutes';
import type { PrivacyChoice } from '../contract/privacy';
import { apiCalls } from './apiCalls';
import { downloadFile, type DownloadedFile } from './callApi';

const { privacy } = apiCalls;

/**
 * The member's control over what RoConnect holds about them (docs/security.md › Member privacy):
 * where their Roblox account may be shown, who looked it up, a copy of everything, and deleting it.
 */
export const privacyApi = {
  settings: () => privacy.privacy(),
  /** the default, and a choice per listed server; servers left out keep theirs */
  saveSettings: (body: PrivacyChoice) => privacy.savePrivacy({ body }),
  lookups: () => privacy.lookups(),
  /** everything held about the caller, as the JSON file the API names */
  exportData: (): Promise<DownloadedFile> =>
    downloadFile(PRIVACY_ROUTES.exportAccount, 'roconnect-data.json'),
  /** the account, its links and sessions go, the bot takes its roles back; the tokens stop working */
  deleteAccount: () => privacy.deleteAccount(),
};
