/**
 * Every business constant of SPEC §9, in one place. Web and server read limits from here,
 * so a limit changes in one file.
 */

export const ADMIN_ROLES = [
  'SUPER_ADMIN',
  'ATHLETIC_DIRECTOR',
  'ATHLETIC_ADMINISTRATOR',
  'ASSISTANT_ATHLETIC_DIRECTOR',
] as const;

export const KB = 1024;
export const MB = 1024 * KB;

export const AUTH = {
  /** Full-screen animated logo stays at least this long while auth state loads. */
  minLoadingDisplayMs: 2000,
  defaultRedirect: '/',
  confirmSignUpPasswordMinLength: 6,
  pendingSignInLifetimeMs: 3 * 60 * 1000,
  credentialRefreshIntervalMs: 50 * 60 * 1000,
  /** sessionStorage key of the one-time reload after login (SPEC §4). */
  reloadedAfterLoginKey: 'fieldhouse.reloadedAfterLogin',
} as const;

export const USER_LIST_DEFAULTS = {
  page: 1,
  search: '',
  sort: 'firstName',
  order: 'asc',
  type: '',
  limit: 20,
  maxLimit: 100,
} as const;

export const SOCKET = {
  path: '/socket.io',
  reconnectionAttempts: 5,
  reconnectionDelayMs: 1000,
  reconnectionDelayMaxMs: 5000,
  randomizationFactor: 0.5,
  connectionTimeoutMs: 20_000,
  heartbeatMs: 30_000,
} as const;

export const CHAT = {
  maxMessageLength: 5000,
  typingTimeoutMs: 3000,
  maxFileSizeBytes: 100 * MB,
  maxChunkSizeBytes: 512 * KB,
  uploadTimeoutMs: 300_000,
  chunkPacingMs: 10,
  progressEveryChunks: 10,
  /** People one `presence:query` may ask about; a longer list is asked in parts. */
  presenceQueryMaxIds: 200,
} as const;

export const SOCKET_ERRORS = {
  historySize: 50,
  backoffCapMs: 30_000,
  retryWindowMs: 60_000,
  healthWindowMs: 5 * 60 * 1000,
  healthLastErrors: 10,
  healthMaxErrors: 5,
  reportWhenHistoryOver: 10,
  toastRetryableMs: 4000,
  toastNonRetryableMs: 6000,
} as const;

export const TOASTS = {
  position: 'bottom-right',
  visibleToasts: 3,
  durationMs: 4000,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
  hotkey: ['altKey', 'KeyT'],
} as const;
