import { THEME_COLORS } from '@selah/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '@/testing/render';
import { ThemeColorDialog } from './theme-color-dialog';

describe('ThemeColorDialog', () => {
  it('offers the nine colours and applies the one picked', async () => {
    const { user } = renderComponent(<ThemeColorDialog />);

    await user.click(screen.getByRole('button', { name: 'Change theme color' }));
    const dialog = await screen.findByRole('dialog', { name: 'Theme color' });
    const selected = within(dialog).getByRole('button', { pressed: true });
    expect(selected).toHaveTextContent('Slate');
    expect(within(dialog).getAllByRole('button', { pressed: false })).toHaveLength(
      THEME_COLORS.length - 1,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Emerald' }));

    expect(await screen.findByText('Theme updated!')).toBeInTheDocument();
    expect(screen.getByText('Theme color has been changed.')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme-color', 'emerald');
    expect(localStorage.getItem('themeColor')).toBe('emerald');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
