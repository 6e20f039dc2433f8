/**
 * App-wide toasts (spec 1-client §3.9, §9). A tiny external store so that non-React code (the HTTP
 * client's error handling) can raise a toast and the <Toaster> renders it.
 */
export type NotificationType = 'error' | 'warn' | 'success' | 'info';

export interface NotificationInput {
  message: string;
  type?: NotificationType;
  /** Visible time in ms; the toast auto-dismisses after duration + 500 ms (spec §9). */
  duration?: number;
  horizontalPosition?: 'left' | 'center' | 'right';
  verticalPosition?: 'top' | 'bottom';
  /** Exactly `duration`, without the 500 ms grace (a "forced" snack bar). */
  forceDismiss?: boolean;
}

export interface AppNotification extends Required<Omit<NotificationInput, 'duration'>> {
  id: number;
  /** Null: stays until closed. */
  autoHideMs: number | null;
}

/** Success toasts are short (spec §9: 1000 ms); errors stay until closed unless a duration is given. */
export const SUCCESS_DURATION_MS = 1000;
export const INFO_DURATION_MS = 5000;
export const DISMISS_GRACE_MS = 500;
export const TOAST_ANIMATION_MS = 100;

export function toNotification(input: NotificationInput, id: number): AppNotification {
  const type = input.type ?? 'info';
  const duration =
    input.duration ?? (type === 'success' ? SUCCESS_DURATION_MS : type === 'error' ? undefined : INFO_DURATION_MS);
  const forceDismiss = input.forceDismiss ?? false;
  return {
    id,
    message: input.message,
    type,
    horizontalPosition: input.horizontalPosition ?? 'left',
    verticalPosition: input.verticalPosition ?? 'bottom',
    forceDismiss,
    autoHideMs: duration === undefined ? null : forceDismiss ? duration : duration + DISMISS_GRACE_MS,
  };
}

type Listener = () => void;
let queue: readonly AppNotification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast; the same message already queued is not repeated (a burst of failing calls). */
export function notify(input: NotificationInput): number {
  const duplicate = queue.find((item) => item.message === input.message && item.type === (input.type ?? 'info'));
  if (duplicate) return duplicate.id;
  const notification = toNotification(input, nextId++);
  queue = [...queue, notification];
  emit();
  return notification.id;
}

export function dismissNotification(id: number): void {
  queue = queue.filter((item) => item.id !== id);
  emit();
}

export const notificationStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => queue,
};
