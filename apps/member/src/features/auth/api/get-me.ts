import type { OrganizationSummary, User } from '@fieldhouse/shared';
import { apiGet } from '../../../lib/api-client.ts';

export type Me = { user: User; organization: OrganizationSummary | null };

/** GET /auth/me: the signed-in person and their school; any failure means no user. */
export const getMe = async (): Promise<Me> => (await apiGet<{ data: Me }>('/auth/me')).data;
