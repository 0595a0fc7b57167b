import { THEME_COLORS, type ThemeColor } from '@selah/shared/constants';
import { Check, Palette } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { useThemeStore } from '@/stores/theme-store';

/** A mid-tone of each palette, for the swatches (the real tokens live in src/index.css). */
const SWATCHES: Record<ThemeColor, string> = {
  slate: '#64748b',
  blue: '#3b82f6',
  indigo: '#6366f1',
  purple: '#a855f7',
  pink: '#ec4899',
  rose: '#f43f5e',
  amber: '#f59e0b',
  emerald: '#10b981',
  teal: '#14b8a6',
};

function colorName(color: ThemeColor) {
  return color.charAt(0).toUpperCase() + color.slice(1);
}

/** The header's accent-colour picker: nine palettes, applied at once and remembered. */
export function ThemeColorDialog({ triggerClassName }: { triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  const themeColor = useThemeStore((state) => state.themeColor);
  const setThemeColor = useThemeStore((state) => state.setThemeColor);

  const choose = (color: ThemeColor) => {
    setThemeColor(color);
    setOpen(false);
    toast.success('Theme updated!', { description: 'Theme color has been changed.' });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DialogTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Change theme color"
              className={triggerClassName}
            >
              <Palette aria-hidden="true" />
            </Button>
          </DialogTrigger>
        </TooltipTrigger>
        <TooltipContent>Theme color</TooltipContent>
      </Tooltip>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Theme color</DialogTitle>
          <DialogDescription>Choose the accent colour used across Selah.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-3 gap-2" role="group" aria-label="Theme colors">
          {THEME_COLORS.map((color) => {
            const selected = color === themeColor;
            return (
              <button
                key={color}
                type="button"
                aria-pressed={selected}
                onClick={() => choose(color)}
                className={cn(
                  'flex items-center gap-2 rounded-md border px-3 py-2 text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  selected && 'border-primary bg-accent font-medium',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-5 shrink-0 items-center justify-center rounded-full"
                  style={{ backgroundColor: SWATCHES[color] }}
                >
                  {selected && <Check className="size-3 text-white" />}
                </span>
                {colorName(color)}
              </button>
            );
          })}
        </div>
      </DialogContent>
    </Dialog>
  );
}
