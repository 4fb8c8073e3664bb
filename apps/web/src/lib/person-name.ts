/** "First Last", leaving out a missing last name. */
export const personName = (p: { firstName: string; lastName?: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');
