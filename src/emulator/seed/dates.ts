/** Fixed dates for the seed: no clock is read, so every run is identical. */
import type { Rng } from '../prng.js';

/** "Now" as far as the seed is concerned. */
export const SEED_NOW = Date.UTC(2024, 10, 15, 12, 0, 0);
const DAY = 86_400_000;

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** A random moment up to `maxDays` before the seed's "now" (whole minutes). */
export function daysAgo(rng: Rng, maxDays: number, minDays = 0): number {
  const minutes = rng.int(Math.round(minDays * 1440), Math.round(maxDays * 1440));
  return SEED_NOW - minutes * 60_000;
}

export function addDays(ms: number, days: number): number {
  return ms + days * DAY;
}

export function isoDate(ms: number): string {
  return iso(ms).slice(0, 10);
}
