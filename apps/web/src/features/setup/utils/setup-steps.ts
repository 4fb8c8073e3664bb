import type { SetupStatus } from '@fieldhouse/shared';

// Apart from the wizard: the set-up route's search schema reads these, and route definitions load
// with the first page, so importing the wizard there put its forms and pickers in every start-up.
export const SETUP_STEPS = 4;

/** Where a school's set-up stands: the first step not done yet. */
export const firstOpenStep = (status: SetupStatus | undefined, creating: boolean) => {
  if (creating || !status?.organization) return 0;
  if (!status.directorInvited) return 1;
  if (status.teams === 0) return 2;
  return 3;
};
