/**
 * JavaScript over the wire (brotli, headers apart) that the admin app may cost, from issue #14:
 * the sign-in page of a first visit and Home of a director coming back, cold cache both times.
 * Checked by `web-weight.spec.ts` on every run and printed by `bench/web-weight.ts`.
 */
export const WEB_WEIGHT_BUDGET = { signIn: 200 * 1024, home: 330 * 1024 };
