import type { MouseEvent } from 'react';
import { Button, LinkButton, navigate, toast, type Server } from '@roconnect/shared-lib';
import { inviteHref } from './inviteHref';
import type { SetupStatusEntry } from './useSetupStatuses';

export interface ServerCardActionProps {
  server: Server;
  /** undefined for a server without the bot */
  setupStatus: SetupStatusEntry | undefined;
  /** id of the element naming the server, so each card's button says which server it acts on */
  describedBy: string;
  onSetupServer?: (serverId: string, serverName: string) => void;
  onEditServer?: (serverId: string) => void;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The card's one action (docs/product.md › Servers tab): Invite Bot → Setup Bot → Edit Bot, or
 * Manage for a server managed through a manager role (› Staff). A
 * failed status load shows Setup Bot: the wizard loads the status itself and finishes at once when
 * setup is done.
 */
export function ServerCardAction({
  server,
  setupStatus,
  describedBy,
  onSetupServer,
  onEditServer,
}: ServerCardActionProps) {
  /** The button that opens the server's console (Edit Bot, or Manage for staff). */
  const consoleButton = (label: string) => (
    <Button
      size="sm"
      variant="secondary"
      fullWidth
      aria-describedby={describedBy}
      onClick={() =>
        onEditServer
          ? onEditServer(server.server_id)
          : navigate(`/server/edit/${encodeURIComponent(server.server_id)}`)
      }
    >
      {label}
    </Button>
  );
  if (!server.bot_added) {
    const href = inviteHref(server.server_id, server.server_name);
    return (
      <LinkButton
        href={href}
        size="sm"
        fullWidth
        aria-describedby={describedBy}
        onClick={(event) => {
          toast.success('Bot invite link opened!');
          // A real link: Ctrl/middle click still opens the invite in a new tab the browser's way.
          if (!isPlainClick(event)) return;
          event.preventDefault();
          navigate(href);
        }}
      >
        Invite Bot
      </LinkButton>
    );
  }
  // a server managed through one of its manager roles (docs/product.md › Staff): its console
  if (server.staff) {
    return consoleButton('Manage');
  }
  if (setupStatus === 'loading' || setupStatus === undefined) {
    return (
      <Button size="sm" variant="secondary" fullWidth loading aria-describedby={describedBy}>
        Loading...
      </Button>
    );
  }
  if (setupStatus !== 'unknown' && setupStatus.setup_completed) {
    return consoleButton('Edit Bot');
  }
  return (
    <Button
      size="sm"
      fullWidth
      aria-describedby={describedBy}
      onClick={() => onSetupServer?.(server.server_id, server.server_name)}
    >
      Setup Bot
    </Button>
  );
}
