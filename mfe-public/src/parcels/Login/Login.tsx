import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import {
  api,
  Banner,
  BRAND,
  Button,
  Card,
  navigate,
  redirectExternal,
  toast,
  useApiAction,
} from '@roconnect/shared-lib';
import { AppLink } from '../../features/navigation/AppLink';
import { useSessionState } from '../../features/site/useSessionState';

// a block in the shell's <main>: a page has one (docs/architecture.md › Pages)
const Page = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
`;
const Panel = styled(Card)`
  width: min(420px, 100%);
  text-align: center;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;
const Legal = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
  margin: 0;
`;

export interface LoginProps {
  query?: Record<string, string>;
}

export const EXPIRED_MESSAGE = `Your ${BRAND.chat} session has expired. Please sign in again to continue.`;
export const AUTH_URL_FAILED = `Failed to get ${BRAND.chat} auth URL. Please try again.`;

/**
 * /login: Continue with Discord asks the API for the authorize URL and goes there
 * (docs/product.md › Sign-in).
 */
export function Login({ query = {} }: LoginProps) {
  // useApiAction, not the query layer's useApiMutation: the login is the landing's next page and
  // keeps React Query out of its script (docs/performance.md › Size budgets)
  const start = useApiAction({ call: () => api.auth.discordUrl(), failure: AUTH_URL_FAILED });
  // busy until the browser has left: a second press would start a second login, whose check
  // would replace this one's (docs/security.md › Login CSRF)
  const starting = start.isPending || start.isSuccess;
  const shownError = useRef<string | null>(null);
  const error = query.error;
  const { status } = useSessionState();

  // The shell's route guard already does this; the parcel keeps it when mounted anywhere else.
  useEffect(() => {
    if (status === 'authenticated') navigate('/dashboard', { replace: true });
  }, [status]);

  useEffect(() => {
    if (error && shownError.current !== error) {
      shownError.current = error;
      toast.error(error);
    }
  }, [error]);

  async function continueWithDiscord() {
    const started = await start.run();
    if (started.ok) redirectExternal(started.data.auth_url);
  }

  return (
    <Page>
      <Panel aria-labelledby="login-title">
        <div>
          <h1 id="login-title">Welcome Back</h1>
          <p>Sign in to your account</p>
        </div>
        {query.message === 'discord_token_expired' && (
          <Banner tone="warning">{EXPIRED_MESSAGE}</Banner>
        )}
        <Button size="lg" fullWidth loading={starting} onClick={() => void continueWithDiscord()}>
          Continue with {BRAND.chat}
        </Button>
        <Legal>
          By continuing you agree to our <AppLink to="/terms">Terms of Service</AppLink> and{' '}
          <AppLink to="/privacy">Privacy Policy</AppLink>.
        </Legal>
      </Panel>
    </Page>
  );
}
