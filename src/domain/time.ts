/** Units of time in milliseconds, named once for every rule and sweep that counts hours or days. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
