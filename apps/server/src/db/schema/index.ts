export * from './chat.ts';
export * from './coaches.ts';
export * from './guardians.ts';
export * from './identity.ts';
export * from './organizations.ts';
export * from './sports.ts';
export * from './teams.ts';
export * from './users.ts';
