import { TOASTS } from '../constants';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  durationMs: number;
  createdAt: number;
}
export interface ToastOptions {
  type?: ToastType;
  durationMs?: number;
}

type Listener = (toasts: readonly Toast[]) => void;

/**
 * Toasts any remote can raise; the shell's provider renders them. At most 3 are visible (the
 * oldest gives way), each removed after its duration (default 5000 ms).
 */
export function createToastStore(maxVisible: number = TOASTS.maxVisible) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();

  const emit = () => listeners.forEach((listener) => listener(toasts));

  function dismiss(id: number): void {
    clearTimeout(timers.get(id));
    timers.delete(id);
    const next = toasts.filter((toast) => toast.id !== id);
    if (next.length !== toasts.length) {
      toasts = next;
      emit();
    }
  }

  function show(message: string, options: ToastOptions = {}): number {
    const toast: Toast = {
      id: nextId++,
      type: options.type ?? 'success',
      message,
      durationMs: options.durationMs ?? TOASTS.defaultDurationMs,
      createdAt: Date.now(),
    };
    const overflow = toasts.length + 1 - maxVisible;
    if (overflow > 0) toasts.slice(0, overflow).forEach((old) => clearTimeout(timers.get(old.id)));
    toasts = [...toasts.slice(Math.max(0, overflow)), toast];
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), toast.durationMs),
    );
    emit();
    return toast.id;
  }

  return {
    show,
    dismiss,
    success: (message: string, durationMs?: number) =>
      show(message, { type: 'success', durationMs }),
    error: (message: string, durationMs?: number) => show(message, { type: 'error', durationMs }),
    warning: (message: string, durationMs?: number) =>
      show(message, { type: 'warning', durationMs }),
    info: (message: string, durationMs?: number) => show(message, { type: 'info', durationMs }),
    getToasts: (): readonly Toast[] => toasts,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear(): void {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      toasts = [];
      emit();
    },
  };
}
export type ToastStore = ReturnType<typeof createToastStore>;

/** The one toast store of the page (shared-lib is a Module Federation singleton). */
export const toast = createToastStore();
