import { useSyncExternalStore } from 'react';
import { toast, ToastView } from '@roconnect/shared-lib';

/** Renders the page's toasts; any remote raises them through shared-lib's `toast`. */
export function ToastProvider() {
  const toasts = useSyncExternalStore(toast.subscribe, toast.getToasts);
  return <ToastView toasts={toasts} onDismiss={toast.dismiss} />;
}
