export * from './api.ts';
export * from './auth-session.ts';
export * from './chat.ts';
export * from './constants.ts';
export * from './date-display.ts';
export * from './directory.ts';
export * from './socket-events.ts';
export * from './user.ts';
