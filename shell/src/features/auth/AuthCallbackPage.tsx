import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../router';
import {
  Button,
  Card,
  LoadingState,
  PageContainer,
  loginCheck,
  session,
} from '@roconnect/shared-lib';

const OTHER_BROWSER = 'This link was started in another browser. Please try again.';

/** The texts for a failed Discord sign-in, fixed, never the query's (docs/product.md › Sign-in). */
export function callbackErrorMessage(error: string | null): string {
  if (error === 'access_denied')
    return 'Discord authorization was cancelled. You can try logging in again.';
  if (error === 'browser_mismatch') return OTHER_BROWSER;
  return 'Authentication was cancelled or failed.';
}

/**
 * Return point of Discord's OAuth. The API sends tokens in the fragment (never the query); they are
 * read, stored and removed from the address bar at once, and accepted only with the login check
 * this tab kept when it left for Discord (so nobody can plant their own session here). Then the
 * dashboard, or the page of this site the login was started for (loginCheck's return path).
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    // The URL is cleaned on the first pass; a second effect run must not read it again.
    if (handled.current) return;
    handled.current = true;
    const query = new URLSearchParams(window.location.search);
    const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    window.history.replaceState(null, '', window.location.pathname);
    // a login started for a page (Sign in again on the privacy page) goes back there
    const back = loginCheck.takeReturnPath();

    if (query.get('error')) {
      setError(callbackErrorMessage(query.get('error')));
      return;
    }
    const code = fragment.get('code');
    const accessToken = fragment.get('access_token');
    if (!code || !accessToken) {
      setError('No authorization data received.');
      return;
    }
    if (!loginCheck.consume(fragment.get('check'))) {
      setError(OTHER_BROWSER);
      return;
    }
    session
      .signIn(accessToken, fragment.get('refresh_token'))
      .then(() => navigate(back ?? '/dashboard?auth_success=true', { replace: true }))
      .catch(() => {
        session.clear();
        setError('Authentication failed. Please try again.');
      });
  }, [navigate]);

  if (!error) return <LoadingState label="Completing authentication..." />;
  return (
    <PageContainer>
      <Card role="alert">
        <h1>Authentication Error</h1>
        <p>{error}</p>
        <Button onClick={() => navigate('/login')}>Try Again</Button>
      </Card>
    </PageContainer>
  );
}
