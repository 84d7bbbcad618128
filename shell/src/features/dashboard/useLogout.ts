import { useCallback } from 'react';
import { useNavigate } from '../../router';
import { session, toast, useApiAction } from '@roconnect/shared-lib';

/**
 * Logout: the session ends in this browser and the user goes home whether or not the API ended
 * it; the toast says which (docs/product.md › Sessions).
 */
export function useLogout() {
  const navigate = useNavigate();
  // useApiAction, not the query layer's useApiMutation: the header every signed-in page draws is
  // in the shell's first chunk, which keeps React Query out (docs/performance.md › Size budgets).
  const { run, isPending } = useApiAction({ call: () => session.logout() });
  const logout = useCallback(async () => {
    const outcome = await run();
    // said here, not by the action: the header is gone once the session has ended
    if (outcome.ok && outcome.data) toast.success('Successfully logged out!');
    else toast.error('Failed to logout. Please try again.');
    navigate('/', { replace: true });
  }, [run, navigate]);
  return { logout, loggingOut: isPending };
}
