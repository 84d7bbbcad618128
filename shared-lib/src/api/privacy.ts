import type {
  DeletedAccount,
  LookupData,
  PrivacyChoice,
  PrivacySettingsData,
} from '../contract/privacy';
import { API_PATHS } from '../contract/paths';
import type { ApiSuccess } from '../contract/types';
import { filenameFrom } from './endpoints';
import { readBlobRefusal } from './errors';
import { httpClient } from './httpClientLoader';

/**
 * The member's control over what RoConnect holds about them (docs/security.md › Member privacy):
 * where their Roblox account may be shown, who looked it up, a copy of everything, and deleting it.
 */
export const privacyApi = {
  settings: async () =>
    (await (await httpClient()).get<ApiSuccess<PrivacySettingsData>>(API_PATHS.privacy)).data.data,
  /** the default, and a choice per listed server; servers left out keep theirs */
  saveSettings: async (body: PrivacyChoice) =>
    (await (await httpClient()).put<ApiSuccess<PrivacySettingsData>>(API_PATHS.privacy, body)).data
      .data,
  lookups: async () =>
    (await (await httpClient()).get<ApiSuccess<LookupData[]>>(API_PATHS.lookups)).data.data,
  /** everything held about the caller, as the JSON file the API names */
  exportData: async (): Promise<{ blob: Blob; filename: string }> => {
    const client = await httpClient();
    try {
      const response = await client.get<Blob>(API_PATHS.exportAccount, { responseType: 'blob' });
      return {
        blob: response.data,
        filename: filenameFrom(response.headers['content-disposition']) ?? 'roconnect-data.json',
      };
    } catch (error) {
      await readBlobRefusal(error);
      throw error;
    }
  },
  /** the account, its links and sessions go, the bot takes its roles back; the tokens stop working */
  deleteAccount: async () =>
    (await (await httpClient()).delete<ApiSuccess<DeletedAccount>>(API_PATHS.deleteAccount)).data
      .data,
};
