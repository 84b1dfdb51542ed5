import { TIMINGS_MS } from "@festgeld/domain/constants";
import { useSyncExternalStore } from "react";

/** In-app notifications: appended, removed after 5 s or when closed. */
export type ToastType = "success" | "error" | "info";
export interface Toast {
  id: number;
  message: string;
  type: ToastType;
}

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

let counter = 0;
export function toast(message: string, type: ToastType = "info") {
  const id = Date.now() * 1000 + (counter++ % 1000);
  toasts = [...toasts, { id, message, type }];
  emit();
  setTimeout(() => dismissToast(id), TIMINGS_MS.toastDismiss);
  return id;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => toasts,
    () => toasts,
  );
}
