import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY, TOAST_PHONE_MAX_MS, toast } from '@/lib/toast';
import { renderComponent } from '@/testing/render';
import { getToasts } from '@/testing/toasts';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';

function DialogWithToast() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Open</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Edit</DialogTitle>
        <DialogDescription>A modal dialog.</DialogDescription>
        <Button onClick={() => toast.error('Error', { description: 'Something failed.' })}>
          Fail
        </Button>
      </DialogContent>
    </Dialog>
  );
}

describe('Toaster', () => {
  // sonner captures the pointer on a toast; jsdom has no pointer capture.
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'setPointerCapture', {
      configurable: true,
      value: () => undefined,
    });
  });
  afterAll(() => {
    Reflect.deleteProperty(Element.prototype, 'setPointerCapture');
  });

  it('keeps toasts clickable while a modal dialog blocks pointer events on the page', async () => {
    const { user } = renderComponent(<DialogWithToast />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    // Radix makes everything outside the modal inert to the pointer...
    expect(document.body.style.pointerEvents).toBe('none');

    const [shown] = await waitFor(() => {
      const items = getToasts();
      expect(items).toHaveLength(1);
      return items;
    });
    // ...but the toaster opts back in (user-event refuses to click through pointer-events: none).
    expect(shown!.closest('[data-sonner-toaster]')).toHaveStyle({ pointerEvents: 'auto' });
    await user.click(within(shown!).getByRole('button', { name: 'Close toast' }));

    await waitFor(() => expect(getToasts()).toHaveLength(0));
    // Closing a toast is not a click outside the dialog: the dialog stays open.
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
  });

  describe('on a phone', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('sits at the top, clear of the bottom controls', async () => {
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: query === PHONE_QUERY,
            media: query,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList,
      );
      renderComponent(<DialogWithToast />);
      toast.success('Prayer added');
      const [shown] = await waitFor(() => {
        const items = getToasts();
        expect(items).toHaveLength(1);
        return items;
      });
      expect(shown!.closest('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
      expect(shown).toHaveAttribute('data-y-position', 'top');
    });

    it('never stays past its bound, even when a touch left sonner paused', async () => {
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: query === PHONE_QUERY,
            media: query,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList,
      );
      renderComponent(<DialogWithToast />);
      await screen.findByRole('region', { name: /Notifications/ });
      vi.useFakeTimers();
      act(() => void toast.success('Prayer added'));
      act(() => {
        vi.advanceTimersByTime(10);
      });
      const shown = getToasts()[0]!;
      // A touch the browser turned into a scroll: pointerdown, then pointercancel, no pointerup.
      fireEvent.pointerDown(shown);
      fireEvent.pointerCancel(shown);
      act(() => {
        vi.advanceTimersByTime(TOAST_PHONE_MAX_MS - 1000);
      });
      expect(getToasts()).toHaveLength(1);

      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(getToasts().filter((item) => item.dataset.removed !== 'true')).toHaveLength(0);
    });
  });
});
