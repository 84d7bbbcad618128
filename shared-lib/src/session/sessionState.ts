import type { User } from '../contract/types';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';
export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** where a session that ended on its own (401, expired Discord login) should send the user */
  signedOutTo?: string;
  /**
   * The start check met a server error (this HTTP status, 5xx): the tokens are kept and the state
   * is anonymous, but the visitor may well be signed in, so a signed-in page shows the error page
   * rather than the login.
   */
  serverErrorStatus?: number;
}

type Listener = (state: SessionState) => void;

let state: SessionState = { status: 'unknown', user: null };
const listeners = new Set<Listener>();

/**
 * Who is signed in, and who wants to hear when that changes. Only the session (api/session.ts)
 * sets it; it lives here, below the API client, so that reading it never needs the client.
 */
export const sessionState = {
  get: (): SessionState => state,
  set(next: SessionState): void {
    state = next;
    listeners.forEach((listener) => listener(state));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
