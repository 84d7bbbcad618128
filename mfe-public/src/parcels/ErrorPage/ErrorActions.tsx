import { Button, LinkButton } from '@roconnect/shared-lib';
import { reloadPage } from '../../features/browser/reloadPage';
import { onInternalClick } from '../../features/navigation/internalLink';
import type { ErrorAction } from './errorContent';

/** The error page's buttons: Log In (to /auth, which the shell sends to the login), Try Again, Go Home. */
export function ErrorActions({ actions }: { actions: ErrorAction[] }) {
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
              <Button key={action} onClick={reloadPage} variant={variant}>
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
