/** A person's name as the member app writes it: "Zoë Núñez", or the first name alone. */
export const personName = (p: { firstName?: string | undefined; lastName?: string | null | undefined }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || 'Someone';
