import { Button, LinkButton } from '@roconnect/shared-lib';
import { openPage, reloadPage } from '../../features/browser/reloadPage';
import { onInternalClick } from '../../features/navigation/internalLink';
import { returnPath } from '../../features/navigation/returnPath';
import type { ErrorAction } from './errorContent';

/**
 * Try Again: back to the page the server error came from (`from`, when it is a path of this
 * site), as a new document so that page starts again; without one, this page reloads.
 */
function tryAgain(from: string | undefined) {
  const back = returnPath(from);
  if (back) openPage(back);
  else reloadPage();
}

/**
 * The error page's buttons: Log In (to /auth, which the shell sends to the login), Try Again,
 * Go Home. `from`: the page a server error came from (the query's `from`).
 */
export function ErrorActions({ actions, from }: { actions: ErrorAction[]; from?: string }) {
  return (
    <>
      {actions.map((action, index) => {
        const variant = index === 0 ? 'primary' : 'secondary';
        switch (action) {
          case 'logIn':
            return (
              <LinkButton
                key={action}
                href="/auth"
                onClick={onInternalClick('/auth')}
                variant={variant}
              >
                Log In
              </LinkButton>
            );
          case 'tryAgain':
            return (
              <Button key={action} onClick={() => tryAgain(from)} variant={variant}>
                Try Again
              </Button>
            );
          case 'goHome':
            return (
              <LinkButton key={action} href="/" onClick={onInternalClick('/')} variant={variant}>
                Go Home
              </LinkButton>
            );
        }
      })}
    </>
  );
}
