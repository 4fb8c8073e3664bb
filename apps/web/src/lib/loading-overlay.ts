import { useSyncExternalStore } from 'react';

/** The global full-screen loading overlay (SPEC §2): counted, so nested work shows it once. */
let active = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function showLoadingOverlay() {
  active += 1;
  emit();
}

export function hideLoadingOverlay() {
  active = Math.max(0, active - 1);
  emit();
}

/** Shows the overlay while `work` runs. */
export async function withLoadingOverlay<T>(work: () => Promise<T>): Promise<T> {
  showLoadingOverlay();
  try {
    return await work();
  } finally {
    hideLoadingOverlay();
  }
}

export function useLoadingOverlayVisible() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active > 0,
  );
}
