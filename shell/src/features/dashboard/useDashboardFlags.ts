import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../router';
import { DASHBOARD_FLAG_TOAST_DELAY_MS, toast } from '@roconnect/shared-lib';
import { readBotInviteOutcome, type BotInviteOutcome } from './botInvite';

/** Query flags the dashboard turns into toasts (docs/product.md › Dashboard). */
const FLAG_TOASTS: { flag: string; message: string }[] = [
  { flag: 'auth_success', message: 'Successfully authenticated with Discord!' },
  { flag: 'roblox_linked', message: 'Roblox account linked successfully!' },
  { flag: 'bot_added', message: 'Bot added to server successfully!' },
];
const CONSUMED = ['auth_success', 'roblox_linked', 'bot_added', 'bot_error', 'guild_id'];

/**
 * Shows the flag toasts after 100 ms, then removes the flags from the address bar so a reload does
 * not repeat them. A bot invite's return (added or failed) opens the Servers tab and is handed
 * back, for the dashboard to follow up once it knows the user's servers.
 */
export function useDashboardFlags(): BotInviteOutcome | null {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const [botInvite, setBotInvite] = useState<BotInviteOutcome | null>(null);

  useEffect(() => {
    const query = new URLSearchParams(search);
    if (!CONSUMED.some((flag) => query.has(flag))) return;
    const raised = FLAG_TOASTS.filter(({ flag }) => query.get(flag) === 'true');
    const invite = readBotInviteOutcome(query);

    CONSUMED.forEach((flag) => query.delete(flag));
    if (invite) query.set('tab', 'servers');
    const rest = query.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    if (invite) setBotInvite(invite);

    // Not cleared on re-run: removing the flags above re-runs this effect before the delay ends.
    setTimeout(
      () => raised.forEach(({ message }) => toast.success(message)),
      DASHBOARD_FLAG_TOAST_DELAY_MS,
    );
  }, [search, pathname, navigate]);

  return botInvite;
}
