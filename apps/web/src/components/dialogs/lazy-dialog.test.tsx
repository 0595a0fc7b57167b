import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { DIALOG_LOAD_FAILED, lazyDialog } from './lazy-dialog';

/** A stand-in dialog module: a draft it keeps in state, shown only while open. */
interface NoteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function NoteDialog({ open, onOpenChange }: NoteProps) {
  const [draft, setDraft] = useState('');
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Note">
      <input aria-label="Draft" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <button type="button" onClick={() => onOpenChange(false)}>
        Close
      </button>
    </div>
  );
}

function Page({ Dialog }: { Dialog: ComponentType<NoteProps> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('lazyDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the dialog when it first opens, and keeps it mounted (and its draft) once closed', async () => {
    const load = vi.fn(() => Promise.resolve(NoteDialog));
    // Opened by its `open` prop: no predicate needed.
    const Dialog = lazyDialog(load);
    const user = userEvent.setup();
    renderComponent(<Page Dialog={Dialog} />);
    // Closed: neither loaded nor rendered with the page.
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(await screen.findByRole('textbox', { name: 'Draft' }), 'Pray for Anna');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('textbox', { name: 'Draft' })).toHaveValue('Pray for Anna');
  });

  it('prefetches the dialog once the browser is idle, before it is opened', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve(NoteDialog));
    const Dialog = lazyDialog(load, (props: NoteProps) => props.open);
    renderComponent(<Page Dialog={Dialog} />);
    expect(load).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells the user when the dialog cannot load, and tries again on the next opening', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<NoteProps>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(NoteDialog);
    const Dialog = lazyDialog(load, (props: NoteProps) => props.open);
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderComponent(<Page Dialog={Dialog} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await expectToast('Something went wrong', DIALOG_LOAD_FAILED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    consoleError.mockRestore();

    // It counts as closed: opening it again loads it anew.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
