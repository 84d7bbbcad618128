import { useSyncExternalStore, type ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { ToastView, toast } from '@roconnect/shared-lib';
import {
  renderWithProviders,
  type RenderWithProvidersOptions,
} from '@roconnect/shared-lib/testing';

function Toasts() {
  const toasts = useSyncExternalStore(toast.subscribe, toast.getToasts);
  return <ToastView toasts={toasts} onDismiss={toast.dismiss} />;
}

/** Renders `ui` with the toasts the shell would show next to it. */
export function renderWithToasts(ui: ReactElement, options?: RenderWithProvidersOptions) {
  return renderWithProviders(
    <>
      {ui}
      <Toasts />
    </>,
    options,
  );
}

/** The notifications region, to find toasts by their text. */
export const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));
