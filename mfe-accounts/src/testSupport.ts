import { setNavigator, toast } from '@roconnect/shared-lib';

/** Messages of the toasts currently shown (the shell renders them; tests read the shared store). */
export function toastMessages(): string[] {
  return toast.getToasts().map((shown) => `${shown.type}: ${shown.message}`);
}

/** Records navigate() calls as the shell's router would receive them. */
export function recordNavigation(): jest.Mock {
  const navigateMock = jest.fn();
  beforeEach(() => {
    navigateMock.mockReset();
    setNavigator(navigateMock);
  });
  afterEach(() => setNavigator(null));
  return navigateMock;
}
