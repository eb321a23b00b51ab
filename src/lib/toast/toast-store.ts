export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

/** How long a toast stays; errors stay longer so they can be read (WCAG 2.2.1 timing). */
const DURATION_MS: Record<ToastKind, number> = { info: 5000, success: 5000, error: 8000 };

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/**
 * Shows a message in the toast region. Callable from anywhere (the base query, dialogs);
 * the same text shown twice in a row is not stacked, e.g. when parallel requests fail alike.
 */
export function showToast(message: string, kind: ToastKind = 'info'): void {
  if (!message || toasts.some((toast) => toast.message === message && toast.kind === kind)) return;
  const toast = { id: nextId++, kind, message };
  toasts = [...toasts.slice(-3), toast];
  emit();
  setTimeout(() => dismissToast(toast.id), DURATION_MS[kind]);
}

export const getToasts = () => toasts;

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
