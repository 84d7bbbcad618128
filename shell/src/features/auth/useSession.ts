import { useSyncExternalStore } from 'react';
import { session } from '@roconnect/shared-lib';

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.getState);
}
