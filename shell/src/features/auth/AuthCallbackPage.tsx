import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, LoadingState, PageContainer, session } from '@roconnect/shared-lib';

/** The spec's texts for a failed Discord sign-in (§8). */
export function callbackErrorMessage(error: string | null): string {
  if (error === 'access_denied')
    return 'Discord authorization was cancelled. You can try logging in again.';
  return 'Authentication was cancelled or failed.';
}

/**
 * Return point of Discord's OAuth. The API sends tokens in the fragment (never the query); they are
 * read, stored and removed from the address bar at once.
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
    const guildId = fragment.get('guild_id');
    session
      .signIn(accessToken, fragment.get('refresh_token'))
      .then(() => {
        const flags = new URLSearchParams({ auth_success: 'true' });
        if (guildId) {
          flags.set('bot_added', 'true');
          flags.set('guild_id', guildId);
        }
        navigate(`/dashboard?${flags.toString()}`, { replace: true });
      })
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
