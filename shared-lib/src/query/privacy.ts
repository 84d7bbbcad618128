import { queryOptions, useQuery } from '@tanstack/react-query';
import { privacyApi } from '../api/privacy';
import { usePageQueryClient } from './hooks';

/** The member's own privacy: where their account may be shown, and who looked it up. */
export const privacyKeys = {
  all: () => ['privacy'] as const,
  settings: () => ['privacy', 'settings'] as const,
  lookups: () => ['privacy', 'lookups'] as const,
};

export const privacySettingsQuery = () =>
  queryOptions({ queryKey: privacyKeys.settings(), queryFn: () => privacyApi.settings() });

export const accountLookupsQuery = () =>
  queryOptions({ queryKey: privacyKeys.lookups(), queryFn: () => privacyApi.lookups() });

export function usePrivacySettings() {
  return useQuery(privacySettingsQuery(), usePageQueryClient());
}

export function useAccountLookups() {
  return useQuery(accountLookupsQuery(), usePageQueryClient());
}
