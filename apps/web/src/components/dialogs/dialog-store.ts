import type { ReactNode } from 'react';

/**
 * The shared dialogs of spec 1-client §2.8 (confirm, alert, permission denied, forbidden) as
 * promises, callable from anywhere (the HTTP client included). <DialogHost> renders them.
 */
export type DialogKind = 'confirm' | 'alert' | 'permission-denied' | 'forbidden';

export interface DialogRequest {
  kind: DialogKind;
  title?: ReactNode;
  message?: ReactNode;
  okText?: string;
  cancelText?: string;
  fullscreen?: boolean;
  /** Colours the ok button as destructive (delete confirmations). */
  danger?: boolean;
}

export interface OpenDialog extends DialogRequest {
  id: number;
  resolve: (result: boolean) => void;
}

type Listener = () => void;
let stack: readonly OpenDialog[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

function open(request: DialogRequest): Promise<boolean> {
  // One permission-denied or forbidden dialog at a time: a page firing five calls shows one.
  const same = request.kind !== 'confirm' && request.kind !== 'alert' && stack.find((d) => d.kind === request.kind);
  if (same) return new Promise((resolve) => resolve(false));
  return new Promise((resolve) => {
    const id = nextId++;
    const dialog: OpenDialog = {
      ...request,
      id,
      resolve: (result) => {
        stack = stack.filter((item) => item.id !== id);
        emit();
        resolve(result);
      },
    };
    stack = [...stack, dialog];
    emit();
  });
}

/** Resolves true on OK, false on Cancel or when closed. */
export const confirmDialog = (request: Omit<DialogRequest, 'kind'>) => open({ ...request, kind: 'confirm' });
export const alertDialog = (request: Omit<DialogRequest, 'kind'>) =>
  open({ ...request, kind: 'alert' }).then(() => undefined);
export const permissionDeniedDialog = () => open({ kind: 'permission-denied' }).then(() => undefined);
/** Resolves true when the user chose to sign in again (the caller then logs out). */
export const forbiddenDialog = () => open({ kind: 'forbidden' });

/** Closes every open dialog as cancelled (spec §2.6: dialogs close on any navigation start). */
export function closeAllDialogs(): void {
  for (const dialog of stack) dialog.resolve(false);
}

export const dialogStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => stack,
};
