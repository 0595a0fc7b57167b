import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPrayer } from '@/testing/factories';
import { renderComponent } from '@/testing/render';
import { PrayerCard } from './prayer-card';

describe('PrayerCard', () => {
  it('names the journal a prayer belongs to', () => {
    const prayer = buildPrayer({
      journalTitle: 'Shiloh Journal',
      createdAt: '2026-03-14T10:00:00.000Z',
    });
    renderComponent(
      <PrayerCard prayer={prayer} onOpen={() => undefined} showJournal renderPrayed={() => null} />,
    );

    expect(screen.getByText('Shiloh Journal ·')).toBeInTheDocument();
  });

  it("says 'Shared with you' for a prayer shared in a journal the reader may not open", () => {
    const prayer = buildPrayer({ journalTitle: null });
    renderComponent(
      <PrayerCard prayer={prayer} onOpen={() => undefined} showJournal renderPrayed={() => null} />,
    );

    expect(screen.getByText('Shared with you ·')).toBeInTheDocument();
  });
});
