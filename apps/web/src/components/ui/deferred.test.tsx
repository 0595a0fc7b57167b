import { act, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '@/testing/render';
import { Button } from './button';
import { Deferred } from './deferred';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

/** A widget whose module arrives when the test says so. */
function setup() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  function Panel({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
    return (
      <Popover open={open} onOpenChange={onOpenChange}>
        <PopoverTrigger asChild>
          <Button>Bell</Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Panel">
          <button type="button">Inside</button>
        </PopoverContent>
      </Popover>
    );
  }
  const LazyPanel = lazy(async () => {
    await arrived;
    return { default: Panel };
  });
  function Owner() {
    const [open, setOpen] = useState(false);
    return (
      <Deferred
        fallback={
          <Button aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
            Bell
          </Button>
        }
      >
        <LazyPanel open={open} onOpenChange={setOpen} />
      </Deferred>
    );
  }
  return { ui: <Owner />, arrive: () => act(async () => arrive()) };
}

describe('Deferred', () => {
  it('opens the widget when it arrives after a press on its stand-in', async () => {
    const { ui, arrive } = setup();
    const { user } = renderComponent(ui);

    const standIn = screen.getByRole('button', { name: 'Bell' });
    await user.click(standIn);
    expect(standIn).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await arrive();
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Closing returns focus to the real trigger, which replaced the stand-in.
    const trigger = screen.getByRole('button', { name: 'Bell' });
    expect(trigger).not.toBe(standIn);
    expect(trigger).toHaveFocus();
  });

  it('moves focus from the stand-in to the real trigger when the widget arrives', async () => {
    const { ui, arrive } = setup();
    const { user } = renderComponent(ui);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Bell' })).toHaveFocus();

    await arrive();
    const trigger = screen.getByRole('button', { name: 'Bell' });
    expect(trigger).toHaveAttribute('data-state', 'closed');
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeInTheDocument();
  });
});
