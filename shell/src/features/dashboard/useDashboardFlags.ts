import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DASHBOARD_FLAG_TOAST_DELAY_MS, toast } from '@roconnect/shared-lib';

/** Query flags the dashboard turns into toasts (spec §2, §8). */
const FLAG_TOASTS: { flag: string; message: string }[] = [
  { flag: 'auth_success', message: 'Successfully authenticated with Discord!' },
  { flag: 'roblox_linked', message: 'Roblox account linked successfully!' },
  { flag: 'bot_added', message: 'Bot added to server successfully!' },
];
const CONSUMED = ['auth_success', 'roblox_linked', 'bot_added', 'guild_id'];

/**
 * Shows the flag toasts after 100 ms, then removes the flags from the address bar so a reload does
 * not repeat them.
 */
export function useDashboardFlags(): void {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const query = new URLSearchParams(search);
    const raised = FLAG_TOASTS.filter(({ flag }) => query.get(flag) === 'true');
    if (!CONSUMED.some((flag) => query.has(flag))) return;

    CONSUMED.forEach((flag) => query.delete(flag));
    const rest = query.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });

    // Not cleared on re-run: removing the flags above re-runs this effect before the delay ends.
    setTimeout(
      () => raised.forEach(({ message }) => toast.success(message)),
      DASHBOARD_FLAG_TOAST_DELAY_MS,
    );
  }, [search, pathname, navigate]);
}
