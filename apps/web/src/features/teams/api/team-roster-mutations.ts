/** One mutation per roster action on the team page; each refreshes the teams resource by prefix. */
import type { TeamDetail } from '@fieldhouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { personName } from '../../../lib/person-name.ts';
import { peopleKeys } from '../../users/api/people-search.ts';
import {
  addTeamCoach,
  addTeamCoaches,
  addTeamMembers,
  patchTeamMember,
  removeTeamCoach,
  removeTeamMember,
  restoreTeamMember,
  teamsKeys,
} from './teams-queries.ts';

function useTeamsMutation<T, R>(mutationFn: (input: T) => Promise<R>, onDone?: (result: R, input: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      ]);
      onDone?.(result, input);
    },
    onError: (e) => toast.error(e.message),
  });
}

export const useAddAthletes = (teamId: number) =>
  useTeamsMutation(
    (userIds: number[]) => addTeamMembers(teamId, userIds),
    (res) => toast.success(res.message),
  );

type Athlete = TeamDetail['athletes'][number];

/** Removes at once and offers Undo, which puts the athlete back with their number and position. */
export function useRemoveAthlete(team: Pick<TeamDetail, 'id' | 'name'>) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
      queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
    ]);
  return useTeamsMutation(
    (athlete: Athlete) => removeTeamMember(team.id, athlete.id),
    (_, athlete) => {
      toast.success(`${personName(athlete)} removed from ${team.name}`, {
        duration: 8000,
        action: {
          label: 'Undo',
          onClick: () =>
            void restoreTeamMember(team.id, athlete)
              .then(refresh)
              .then(() => toast.success(`${personName(athlete)} is back on ${team.name}`))
              .catch((e: Error) => toast.error(e.message)),
        },
      });
    },
  );
}

export const useEditJersey = (teamId: number) =>
  useTeamsMutation(
    ({ athlete, jerseyNumber }: { athlete: Athlete; jerseyNumber: string }) =>
      patchTeamMember(teamId, athlete.id, { jerseyNumber }),
    (res, { athlete }) => {
      if (res.data.sameNumber.length) toast.warning(res.message);
      else
        toast.success(
          res.data.jerseyNumber ? `${personName(athlete)} wears #${res.data.jerseyNumber}` : 'Number cleared',
        );
    },
  );

export const useAddCoaches = (teamId: number) =>
  useTeamsMutation(
    (userIds: number[]) => addTeamCoaches(teamId, userIds),
    (res) => toast.success(res.message),
  );

type Coach = TeamDetail['coaches'][number];

/** Removes a coach from the team and offers Undo (back in the same role). */
export function useRemoveCoach(team: Pick<TeamDetail, 'id' | 'name'>) {
  const queryClient = useQueryClient();
  return useTeamsMutation(
    (coach: Coach) => removeTeamCoach(team.id, coach.id),
    (_, coach) => {
      toast.success(`${personName(coach)} no longer coaches ${team.name}`, {
        duration: 8000,
        action: {
          label: 'Undo',
          onClick: () =>
            void addTeamCoach(team.id, coach.id, coach.coachRole)
              .then(() => queryClient.invalidateQueries({ queryKey: teamsKeys.all }))
              .catch((e: Error) => toast.error(e.message)),
        },
      });
    },
  );
}
