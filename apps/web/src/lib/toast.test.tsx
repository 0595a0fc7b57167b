import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '@/testing/render';
import { expectToast, getToasts } from '@/testing/toasts';
import { toast } from './toast';

describe('toast (sonner, loaded on demand)', () => {
  it('shows toasts raised before sonner has loaded, in order, and dismisses them by the id it gave', async () => {
    // Nothing in this file has loaded sonner yet: these wait for the Toaster to load it.
    const first = toast.success('Saved', { description: 'Before the toaster.' });
    const second = toast.error('Failed', { description: 'Also before it.' });
    expect(first).not.toEqual(second);

    renderComponent(<p>Page</p>);
    expect(screen.getByText('Page')).toBeInTheDocument();
    await expectToast('Saved', 'Before the toaster.');
    await expectToast('Failed', 'Also before it.');
    expect(getToasts().map((item) => item.dataset.type)).toEqual(['error', 'success']);

    toast.dismiss(first);
    await waitFor(() => expect(getToasts().map((item) => item.dataset.type)).toEqual(['error']));

    // Once loaded, toasts go straight to sonner, with its own ids.
    toast.success('Again');
    await expectToast('Again');
  });
});
