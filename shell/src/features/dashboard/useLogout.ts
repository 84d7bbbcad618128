import { useCallback, useState } from 'react';
import { useNavigate } from '../../app/router';
import { session, toast } from '@roconnect/shared-lib';

/**
 * Logout: the session ends in this browser and the user goes home whether or not the API ended
 * it; the toast says which (docs/product.md › Sessions).
 */
export function useLogout() {
  const navigate = useNavigate();
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
