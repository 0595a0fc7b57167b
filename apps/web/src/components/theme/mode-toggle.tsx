import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { useThemeStore } from '@/stores/theme-store';

/** Switches between light and dark mode. */
export function ModeToggle() {
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const label = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <WithTooltip label={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        onClick={toggleTheme}
        // head/landing.js works this button on the landing page, which runs without the app.
        data-slot="mode-toggle"
      >
        {/* Both, chosen by the page's `dark` class (set before the first paint, theme-init.js):
              right on a page rendered without the browser's storage too (the prerendered
              landing page, a server-rendered page) before the app has run. */}
        <Sun aria-hidden="true" className="hidden dark:block" />
        <Moon aria-hidden="true" className="dark:hidden" />
      </Button>
    </WithTooltip>
  );
}
