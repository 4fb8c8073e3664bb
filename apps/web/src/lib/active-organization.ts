/**
 * The organization a SUPER_ADMIN is working in (top-bar switcher). The API client adds it to
 * every request; for everyone else it stays null and the server uses their own organization.
 */
const KEY = 'fieldhouse.activeOrganization';
let active: number | null = Number(localStorage.getItem(KEY)) || null;
const listeners = new Set<() => void>();

export const getActiveOrganization = () => active;

export function setActiveOrganization(id: number | null) {
  active = id;
  if (id) localStorage.setItem(KEY, String(id));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function subscribeActiveOrganization(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A super admin with no school of their own and none chosen (an empty install): the shell sends
 * them to the set-up, and nothing asks the server for a school's figures meanwhile.
 */
export const withoutSchool = (user: { role: string | null; organizationId: unknown }) =>
  user.role === 'SUPER_ADMIN' && !user.organizationId && !getActiveOrganization();
