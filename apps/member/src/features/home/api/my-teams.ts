/** GET /me/teams: the teams I coach, play on, or my children play on. */
import type { MemberTeam } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const myTeamsKeys = { all: ['me', 'teams'] as const };

export const myTeamsQueryOptions = () =>
  queryOptions({
    queryKey: myTeamsKeys.all,
    queryFn: async () => (await apiGet<{ data: MemberTeam[] }>('/me/teams')).data,
  });
