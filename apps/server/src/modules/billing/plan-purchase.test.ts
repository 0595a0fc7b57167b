import { describe, expect, it } from 'vitest';
import { planAfterPurchase } from './plan-purchase.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

describe('planAfterPurchase', () => {
  it('starts a month from now when nothing paid is active (never, or lapsed)', () => {
    for (const current of [
      null,
      { plan: 'free' as const, planExpiresAt: null },
      { plan: 'ministry' as const, planExpiresAt: at('2026-11-01T00:00:00.000Z') },
    ]) {
      expect(
        planAfterPurchase(current, { plan: 'premium', months: 1, country: 'US' }, now),
      ).toEqual({
        plan: 'premium',
        expiresAt: at('2026-12-25T12:00:00.000Z'),
        kind: 'start',
        convertedMs: 0,
      });
    }
  });

  it('extends the same plan from its end', () => {
    const current = { plan: 'premium' as const, planExpiresAt: at('2027-01-31T08:00:00.000Z') };
    expect(
      planAfterPurchase(current, { plan: 'premium', months: 1, country: 'US' }, now),
    ).toMatchObject({ plan: 'premium', expiresAt: at('2027-02-28T08:00:00.000Z'), kind: 'extend' });
  });

  it('upgrades from now and converts the remaining Premium time at the price ratio', () => {
    // 50 days of Premium left; in Kenya Premium is $4.99 and Ministry $10.
    const current = { plan: 'premium' as const, planExpiresAt: new Date(now.getTime() + 50 * DAY) };
    const result = planAfterPurchase(current, { plan: 'ministry', months: 1, country: 'KE' }, now);
    expect(result.kind).toBe('upgrade');
    expect(result.plan).toBe('ministry');
    expect(result.convertedMs).toBe(Math.floor(50 * DAY * (499 / 1000)));
    expect(result.expiresAt).toEqual(
      new Date(at('2026-12-25T12:00:00.000Z').getTime() + result.convertedMs),
    );
  });

  it('uses dollar prices for the ratio in Nigeria too (naira prices follow them)', () => {
    const current = { plan: 'premium' as const, planExpiresAt: new Date(now.getTime() + 10 * DAY) };
    const result = planAfterPurchase(current, { plan: 'ministry', months: 1, country: 'NG' }, now);
    expect(result.convertedMs).toBe(Math.floor(10 * DAY * (7_984 / 16_000)));
  });

  it('adds a lower plan’s value to the higher active plan, never lowering it', () => {
    const end = at('2026-12-10T00:00:00.000Z');
    const current = { plan: 'ministry' as const, planExpiresAt: end };
    const result = planAfterPurchase(current, { plan: 'premium', months: 1, country: null }, now);
    // December has 31 days; elsewhere Ministry is $20, so a Premium month is 4.99/20 of one.
    const convertedMs = Math.floor(31 * DAY * (499 / 2000));
    expect(result).toEqual({
      plan: 'ministry',
      expiresAt: new Date(end.getTime() + convertedMs),
      kind: 'add-to-higher',
      convertedMs,
    });
  });
});
