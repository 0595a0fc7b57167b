import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThemeStore } from '@/stores/theme-store';
import { renderComponent } from '@/testing/render';
import { Countdown } from './countdown';
import { TESTIMONIALS } from './testimonials';
import { TradePage } from './trade-page';

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The testimonial on show (the others are hidden from assistive technology). */
function currentTestimonial() {
  const slides = screen.getAllByRole('group', { hidden: true });
  const shown = slides.filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(shown).toHaveLength(1);
  return shown[0]!;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('/trade page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('shows the offer: $150 broker funding, first month free, then $97/month', () => {
    renderComponent(<TradePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Trading Signals' })).toBeInTheDocument();
    expect(screen.getByText('$150 broker funding')).toBeInTheDocument();
    expect(screen.getByText('First month free')).toBeInTheDocument();
    expect(screen.getByText('$97/month after that')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Risk warning' })).toBeInTheDocument();
  });

  it('counts down from 23:45:32, one second at a time', () => {
    renderComponent(<TradePage />);
    const timer = screen.getByRole('timer', { name: /offer window closes in/ });
    expect(timer).toHaveTextContent('23:45:32');

    advance(1000);
    expect(timer).toHaveTextContent('23:45:31');
    advance(59_000);
    expect(timer).toHaveTextContent('23:44:32');
  });

  it('resets to 23:59:59 at zero', () => {
    renderComponent(<Countdown start={2} />);
    const timer = screen.getByRole('timer');

    advance(2000);
    expect(timer).toHaveTextContent('00:00:00');
    advance(1000);
    expect(timer).toHaveTextContent('23:59:59');
    advance(1000);
    expect(timer).toHaveTextContent('23:59:58');
  });

  it('rests while the tab is hidden', () => {
    renderComponent(<Countdown />);
    const timer = screen.getByRole('timer');

    setHidden(true);
    advance(5000);
    expect(timer).toHaveTextContent('23:45:32');

    setHidden(false);
    advance(1000);
    expect(timer).toHaveTextContent('23:45:31');
  });

  it('climbs the profit counter to 847', () => {
    renderComponent(<TradePage />);
    const value = screen.getByTestId('profit-value');
    expect(value.textContent).toMatch(/^\+\$\s*0$/);
    // Screen readers get the final figure only.
    expect(screen.getByText('+$847')).toHaveClass('sr-only');

    advance(1000);
    const halfway = Number(value.textContent?.replace(/\D/g, ''));
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(847);

    advance(1000);
    expect(value).toHaveTextContent('+$847');
    advance(10_000);
    expect(value).toHaveTextContent('+$847');
  });

  it('shows 847 at once when animations are off', () => {
    useThemeStore.getState().setAnimations(false);
    renderComponent(<TradePage />);

    expect(screen.getByTestId('profit-value')).toHaveTextContent('+$847');
  });

  it('rotates the four testimonials every 4 seconds, and can be paused', () => {
    renderComponent(<TradePage />);
    expect(TESTIMONIALS).toHaveLength(4);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[0].quote);

    advance(3999);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[0].quote);
    advance(1);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[1].quote);
    advance(4000);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[2].quote);
    advance(4000);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[3].quote);
    advance(4000);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[0].quote);

    act(() => {
      screen.getByRole('button', { name: 'Pause testimonials' }).click();
    });
    advance(12_000);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[0].quote);

    act(() => {
      screen.getByRole('button', { name: 'Show testimonial 3 of 4' }).click();
    });
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[2].quote);
    expect(screen.getByRole('button', { name: 'Show testimonial 3 of 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('keeps rotating every 4 seconds when motion is reduced', () => {
    useThemeStore.getState().setAnimations(false);
    renderComponent(<TradePage />);

    advance(4000);
    expect(currentTestimonial()).toHaveTextContent(TESTIMONIALS[1].quote);
    expect(document.documentElement).toHaveAttribute('data-reduce-motion', 'true');
  });
});
