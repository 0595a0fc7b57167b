import type { ThemeColor } from '@selah/shared/constants';
import { Palette } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { toast } from '@/lib/toast';
import { useThemeStore } from '@/stores/theme-store';

/**
 * The dialog (Radix Dialog and its focus trap and scroll lock) is a chunk of its own, out of the
 * signed-in shell's initial JS (issue 7). It is mounted, closed, from the first render, which
 * starts loading it; a press on the button before it has arrived opens it when it does.
 */
const ThemeColorPicker = lazy(() =>
  import('./theme-color-picker').then((module) => ({ default: module.ThemeColorPicker })),
);

/** The header's accent-colour picker: nine palettes, applied at once and remembered. */
export function ThemeColorDialog({ triggerClassName }: { triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const themeColor = useThemeStore((state) => state.themeColor);
  const setThemeColor = useThemeStore((state) => state.setThemeColor);

  const choose = (color: ThemeColor) => {
    setThemeColor(color);
    setOpen(false);
    toast.success('Theme updated!', { description: 'Theme color has been changed.' });
  };

  return (
    <>
      <WithTooltip label="Theme color">
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          aria-label="Change theme color"
          aria-haspopup="dialog"
          aria-expanded={open}
          className={triggerClassName}
          onClick={() => setOpen(true)}
        >
          <Palette aria-hidden="true" />
        </Button>
      </WithTooltip>
      <Suspense fallback={null}>
        <ThemeColorPicker
          open={open}
          onOpenChange={setOpen}
          themeColor={themeColor}
          onChoose={choose}
          triggerRef={trigger}
        />
      </Suspense>
    </>
  );
}
