import type { toast as sonnerToast } from 'sonner';
import { TOAST_DEFAULT_MS } from '../../domain/limits/constants.ts';

/**
 * SPEC.md §8 toasts: top-center, 6 s by default, and an error replaces the toast on screen.
 * The toast library and its <Toaster> load on the first toast: this module asks the host in the
 * page shell (shell/toaster-host.tsx) with a window event, so pages pay nothing for toasts up front.
 */
export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'message';

export interface ToastOptions {
  type?: ToastType;
  /** How long it stays, in ms (default TOAST_DEFAULT_MS). */
  duration?: number;
}

type Toast = typeof sonnerToast;

/** The window event that asks the host to mount the toaster (shell/toaster-host.tsx uses the same name). */
export const TOASTER_EVENT = 'sevadocs:toaster';

let requested = false;
let resolveReady: ((toast: Toast) => void) | undefined;
const ready = new Promise<Toast>((resolve) => {
  resolveReady = resolve;
});

/** Called by the mounted <Toaster> once it listens. */
export function toasterReady(toast: Toast): void {
  resolveReady?.(toast);
}

export function showToast(message: string, { type = 'success', duration = TOAST_DEFAULT_MS }: ToastOptions = {}) {
  if (!requested) {
    requested = true;
    (window as { sevadocsToaster?: boolean }).sevadocsToaster = true;
    window.dispatchEvent(new Event(TOASTER_EVENT));
  }
  return ready.then((toast) => {
    if (type === 'error') toast.dismiss();
    return type === 'message' ? toast(message, { duration }) : toast[type](message, { duration });
  });
}

export const toastError = (message: string, duration?: number) =>
  showToast(message, { type: 'error', ...(duration ? { duration } : {}) });
