import { toast } from 'sonner';

/**
 * A success toast that survives the one-time reload after login: kept in sessionStorage until
 * the next page load shows it.
 */
const KEY = 'fieldhouse.flash';

export function flashAfterReload(message: string) {
  sessionStorage.setItem(KEY, message);
}

export function showPendingFlash() {
  const message = sessionStorage.getItem(KEY);
  if (!message) return;
  sessionStorage.removeItem(KEY);
  toast.success(message);
}
