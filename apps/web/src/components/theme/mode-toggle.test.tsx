import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '@/testing/render';
import { ModeToggle } from './mode-toggle';

describe('ModeToggle', () => {
  it('switches between light and dark and remembers the choice', async () => {
    const { user } = renderComponent(<ModeToggle />);

    // The icon follows the page's class (set before the first paint), so it is right before the
    // app has run, on pages rendered without the browser's storage.
    const button = screen.getByRole('button', { name: 'Switch to dark mode' });
    expect(button.querySelector('.lucide-sun')).toHaveClass('hidden', 'dark:block');
    expect(button.querySelector('.lucide-moon')).toHaveClass('dark:hidden');
    expect(button.querySelector('.lucide-moon')).not.toHaveClass('hidden');
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
