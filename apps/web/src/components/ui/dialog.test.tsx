import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY, toast } from '@/lib/toast';
import { renderComponent } from '@/testing/render';
import { getToasts } from '@/testing/toasts';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from './dialog';

/** A form dialog as the app's are: controlled by its opener, a text field and a text area. */
function NoteDialog({ confirmDiscard }: { confirmDiscard?: boolean }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('Healing for Dad');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Open</Button>
      </DialogTrigger>
      <DialogContent {...(confirmDiscard === undefined ? {} : { confirmDiscard })}>
        <DialogTitle>Edit prayer</DialogTitle>
        <DialogDescription>Change the title or the text.</DialogDescription>
        <label>
          Title
          <input value={title} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label>
          Text
          <textarea />
        </label>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog', { name: 'Edit prayer' });
}

/** The dimmed page around the dialog: where a click outside lands. */
const overlay = () => document.querySelector<HTMLElement>('[data-slot="dialog-overlay"]')!;

const question = () => screen.queryByRole('alertdialog', { name: 'Discard changes?' });

describe('DialogContent: leaving with typed text asks first (issue 29 §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('closes at once on Escape when nothing was typed', async () => {
    const { user } = renderComponent(<NoteDialog />);
    const dialog = await openDialog(user);
    // Focusing a field is not typing.
    await user.click(within(dialog).getByLabelText('Text'));

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
  });

  it('asks on Escape once text is typed: Keep editing keeps it, Discard closes', async () => {
    const { user } = renderComponent(<NoteDialog />);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Text'), 'Lord, heal him.');

    await user.keyboard('{Escape}');

    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Edit prayer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Text')).toHaveValue('Lord, heal him.');

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks on a click outside when a controlled field was changed, not when changed back', async () => {
    const { user } = renderComponent(<NoteDialog />);
    const dialog = await openDialog(user);
    const title = within(dialog).getByLabelText('Title');
    await user.type(title, ' and Mum');

    await user.click(overlay());
    expect(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());

    await user.clear(title);
    await user.type(title, 'Healing for Dad');
    await user.click(overlay());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before Back leaves the page, and goes back on Discard', async () => {
    // Two pages in the history, the second one open.
    const router = createMemoryRouter([{ path: '*', element: <NoteDialog /> }], {
      initialEntries: ['/journals/1', '/prayers/2'],
      initialIndex: 1,
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Text'), 'Half a prayer');

    // Back, as the browser's button or a phone's gesture does it.
    await router.navigate(-1);

    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(router.state.location.pathname).toBe('/prayers/2');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/prayers/2');
    expect(screen.getByLabelText('Text')).toHaveValue('Half a prayer');

    // Back, as the browser's button or a phone's gesture does it.
    await router.navigate(-1);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/journals/1'));
  });

  it('closes at once from its own Cancel, and never asks with confirmDiscard={false}', async () => {
    const { user } = renderComponent(<NoteDialog />);
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Text'), 'Typed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const second = renderComponent(<NoteDialog confirmDiscard={false} />);
    await second.user.click(screen.getAllByRole('button', { name: 'Open' })[1]!);
    dialog = await screen.findByRole('dialog', { name: 'Edit prayer' });
    await second.user.type(within(dialog).getByLabelText('Text'), 'Typed');
    await second.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
  });
});

describe('DialogContent on a phone: no toast sits over it', () => {
  afterEach(() => vi.restoreAllMocks());

  it("clears earlier actions' toasts when it opens (a desktop keeps them)", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === PHONE_QUERY,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { user } = renderComponent(<NoteDialog />);
    toast.success('Prayer added');
    await waitFor(() => expect(getToasts()).toHaveLength(1));

    vi.spyOn(Date, 'now').mockReturnValue(1_002_000);
    await openDialog(user);

    await waitFor(() => expect(getToasts()).toHaveLength(0));
  });
});
