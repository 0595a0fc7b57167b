import { describe, expect, it } from 'vitest';
import { countryName, formatPaymentMethods, formatPrice } from './format-price';

describe('formatPrice', () => {
  it.each([
    [0, 'USD', '$0'],
    [4.99, 'USD', '$4.99'],
    [50, 'USD', '$50'],
    [9.5, 'USD', '$9.50'],
    [1234.5, 'USD', '$1,234.50'],
    [0, 'NGN', '₦0'],
    [7984, 'NGN', '₦7,984'],
    [16000, 'NGN', '₦16,000'],
    [1600000, 'NGN', '₦1,600,000'],
  ] as const)('shows %s %s as %s', (amount, currency, shown) => {
    expect(formatPrice(amount, currency)).toBe(shown);
  });
});

describe('formatPaymentMethods', () => {
  it("puts Flutterwave's payment options into words", () => {
    expect(formatPaymentMethods('card,mobilemoney,ussd')).toBe('card, mobile money and USSD');
    expect(formatPaymentMethods('card')).toBe('card');
    expect(formatPaymentMethods('')).toBe('');
  });
});

describe('countryName', () => {
  it('names a country in English, or keeps the code', () => {
    expect(countryName('NG')).toBe('Nigeria');
    expect(countryName('not a code')).toBe('not a code');
  });
});
