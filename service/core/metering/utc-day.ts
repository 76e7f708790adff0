/** Daily limits reset at 00:00 UTC, the same instant for every surface. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export const nextUtcMidnight = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

export const secondsToUtcMidnight = (now: Date) => Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000);
