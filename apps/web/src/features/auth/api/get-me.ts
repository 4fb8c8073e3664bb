import type { User } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const getMe = async (): Promise<User> => (await apiGet<{ data: { user: User } }>('/auth/me')).data.user;

export const meQueryOptions = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe, retry: false });
