/**
 * Click codes: a short hash of what a click stands for, so the same tracking
 * link body always gives the same URL (api-contract §7: PUT is idempotent).
 */
import { hash32 } from './prng.js';
import type { ClickTarget } from './state.js';

/** Stored seed strings use this for the emulator's origin, filled in when answering. */
export const ORIGIN = '{{origin}}';

export function clickCode(target: ClickTarget): string {
  const canonical = JSON.stringify([
    target.kind,
    target.id,
    target.website,
    target.sid ?? null,
    target.deep_link ?? null,
    target.traffic_back_url ?? null,
  ]);
  // Two hashes of different inputs: 16 hex digits keep collisions out of reach.
  return hash32(canonical) + hash32(`${canonical.length}:${canonical}`);
}

export function clickPath(code: string): string {
  return `/click/${code}/`;
}

export function withOrigin(text: string, origin: string): string {
  return text.split(ORIGIN).join(origin);
}

/** Registers a target (idempotently) and returns its click URL. */
export function clickUrl(
  targets: Map<string, ClickTarget>,
  origin: string,
  target: ClickTarget,
): string {
  const code = clickCode(target);
  if (!targets.has(code)) targets.set(code, target);
  return origin + clickPath(code);
}
