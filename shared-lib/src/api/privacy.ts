import type { ApiSuccess } from '../contract/types';
import { filenameFrom } from './endpoints';
import { readBlobRefusal } from './errors';
import { httpClient } from './httpClientLoader';

/** Where a member's Roblox account may be shown: a default for new servers, and each server. */
export interface PrivacySettings {
  default_visible: boolean;
  servers: PrivacyServer[];
}

export interface PrivacyServer {
  server_id: string;
  server_name: string;
  visible: boolean;
  /** the member verified there */
  verified: boolean;
}

/** The default, and a choice per listed server; servers left out keep theirs. */
export interface PrivacySettingsRequest {
  default_visible: boolean;
  servers: { server_id: string; visible: boolean }[];
}

/** One time someone asked for the member's link: by `/whois` or by a server's API key. */
export interface AccountLookup {
  id: string;
  server_id: string;
  server_name: string;
  source: 'whois' | 'api';
  actor_discord_id: string | null;
  /** the member's name then, or the key's name */
  actor_name: string | null;
  api_key_id: string | null;
  /** whether the answer showed the account (false: it said the member keeps it private) */
  shown: boolean;
  at: string;
}

const PATHS = {
  privacy: '/api/v1/dashboard/user/privacy',
  lookups: '/api/v1/dashboard/user/lookups',
  export: '/api/v1/dashboard/user/export',
  user: '/api/v1/dashboard/user',
} as const;

/**
 * The member's control over what RoConnect holds about them: where their Roblox account may be
 * shown, who looked it up, a copy of everything, and deleting it all (docs/security.md).
 */
export const privacyApi = {
  settings: async () =>
    (await (await httpClient()).get<ApiSuccess<PrivacySettings>>(PATHS.privacy)).data.data,
  saveSettings: async (body: PrivacySettingsRequest) =>
    (await (await httpClient()).put<ApiSuccess<PrivacySettings>>(PATHS.privacy, body)).data.data,
  lookups: async () =>
    (await (await httpClient()).get<ApiSuccess<AccountLookup[]>>(PATHS.lookups)).data.data,
  /** everything held about the caller, as the JSON file the API names */
  exportData: async (): Promise<{ blob: Blob; filename: string }> => {
    const client = await httpClient();
    try {
      const response = await client.get<Blob>(PATHS.export, { responseType: 'blob' });
      return {
        blob: response.data,
        filename: filenameFrom(response.headers['content-disposition']) ?? 'roconnect-data.json',
      };
    } catch (error) {
      await readBlobRefusal(error);
      throw error;
    }
  },
  /** the account, its links and sessions go; the caller's tokens stop working */
  deleteAccount: async () => {
    await (await httpClient()).delete(PATHS.user);
  },
};
