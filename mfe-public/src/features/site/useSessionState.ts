import { useSyncExternalStore } from 'react';
import { session, type SessionState } from '@roconnect/shared-lib';

/** The shell's session, read from shared-lib's singleton (each parcel is its own React root). */
export function useSessionState(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
