import { useCallback, useState } from 'react';
import { useNavigate } from '../../app/router';
import { session, toast } from '@roconnect/shared-lib';

/**
 * Logout: the session ends in this browser and the user goes home whether or not the API ended
 * it; the toast says which (docs/product.md › Sessions).
 */
export function useLogout() {
  const navigate = useNavigate();
  // The session's own call, from the header every signed-in page draws: the shell's first chunk,
  // which keeps the query layer out (docs/performance.md › Size budgets).
  // eslint-disable-next-line no-restricted-syntax
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    const endedOnServer = await session.logout();
    if (endedOnServer) toast.success('Successfully logged out!');
    else toast.error('Failed to logout. Please try again.');
    navigate('/', { replace: true });
  }, [navigate]);
  return { logout, loggingOut };
}
