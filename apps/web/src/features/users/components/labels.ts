import type { Role, UserStatus } from '@fieldhouse/shared';

export const ROLE_COLORS: Record<Role, string> = {
  SUPER_ADMIN: 'grape',
  ATHLETIC_DIRECTOR: 'navy',
  ATHLETIC_ADMINISTRATOR: 'blue',
  ASSISTANT_ATHLETIC_DIRECTOR: 'cyan',
  COACH: 'teal',
  ATHLETE: 'orange',
  PARENT: 'gray',
};

export const STATUS_COLORS: Record<UserStatus, string> = {
  ACTIVE: 'green',
  INACTIVE: 'gray',
  SUSPENDED: 'red',
  DELETED: 'dark',
};

export const fullName = (u: { firstName: string; lastName?: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');
export const initials = (u: { firstName: string; lastName?: string | null }) =>
  `${u.firstName[0] ?? ''}${u.lastName?.[0] ?? ''}`.toUpperCase();
