import { useSyncExternalStore } from 'react';

/** Spec section 9: one toast at a time, shown 5000 ms, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

/** A button inside the toast; `altText` tells screen-reader users how else to reach the action. */
export interface ToastAction {
  label: string;
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Display time in ms; defaults to `TOAST_DURATION`. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  /** False once dismissed: the toast animates out and is removed after `TOAST_REMOVE_DELAY`. */
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (changes: Partial<ToastOptions>) => void;
}

export type ToastStoreAction =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; id: string; changes: Partial<ToastOptions> }
  | { type: 'DISMISS_TOAST'; id?: string }
  | { type: 'REMOVE_TOAST'; id?: string };

export interface ToastState {
  toasts: ToastItem[];
}

/** Without an id, DISMISS_TOAST and REMOVE_TOAST apply to every toast. */
export function toastReducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      // Newest first; anything past the limit is replaced at once.
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.id ? { ...t, ...action.changes } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'REMOVE_TOAST':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

// One store per page: web-kit is a Module Federation singleton, so shell and remotes share it.
let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let lastId = 0;

function dispatch(action: ToastStoreAction): void {
  state = toastReducer(state, action);
  for (const [id, timer] of removalTimers) {
    if (!state.toasts.some((t) => t.id === id)) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', id });
    }, TOAST_REMOVE_DELAY),
  );
}

/** Shows a toast, replacing the one on screen. */
export function toast(options: ToastOptions): ToastHandle {
  lastId += 1;
  const id = String(lastId);
  dispatch({ type: 'ADD_TOAST', toast: { ...options, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes) => dispatch({ type: 'UPDATE_TOAST', id, changes }),
  };
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const dismissed = state.toasts.filter((t) => id === undefined || t.id === id);
  dispatch({ type: 'DISMISS_TOAST', id });
  dismissed.forEach((t) => scheduleRemoval(t.id));
}

export function getToasts(): ToastItem[] {
  return state.toasts;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state;

export function useToast(): { toasts: ToastItem[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const { toasts } = useSyncExternalStore(subscribeToToasts, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}
