/** The trade page's constants (spec-2 §9). */
export const COUNTDOWN_START_SECONDS = 23 * 3600 + 45 * 60 + 32; // 23:45:32
export const COUNTDOWN_RESET_SECONDS = 23 * 3600 + 59 * 60 + 59; // 23:59:59
export const PROFIT_TARGET = 847;
export const TESTIMONIAL_INTERVAL_MS = 4000;

/** One second later: counts down to zero, and at zero starts again from 23:59:59. */
export function nextCountdown(seconds: number): number {
  return seconds > 0 ? seconds - 1 : COUNTDOWN_RESET_SECONDS;
}

/** Seconds as HH:MM:SS. */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}

/** The counter's value `elapsed` ms into a climb of `duration` ms (eases out, ends on target). */
export function climbValue(elapsed: number, duration: number, target = PROFIT_TARGET): number {
  if (elapsed >= duration) return target;
  const t = Math.max(0, elapsed) / duration;
  return Math.round(target * (1 - (1 - t) ** 3));
}
