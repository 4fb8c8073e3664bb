/**
 * Home's greeting line's date, "Sunday, December 6". Its own tiny module because the entry
 * (main.tsx) formats one date with it while the splash is up, to load the locale's date data
 * before Home's first render needs it; Home's code stays out of the entry.
 */
export const todayText = (now: Date) =>
  now.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
