import { THEME_COLORS, type ThemeColor } from '@selah/shared/constants';
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

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

/**
 * The nine accent palettes as toggle buttons, the chosen one pressed: the header's theme colour
 * dialog (wide screens) and Settings > Appearance (every screen, phones included) both show it.
 */
export function ThemeColorOptions({
  themeColor,
  onChoose,
  className,
  labelledBy,
}: {
  themeColor: ThemeColor;
  onChoose: (color: ThemeColor) => void;
  className?: string;
  /** The id of a visible label for the group; "Theme colors" otherwise. */
  labelledBy?: string;
}) {
  return (
    <div
      className={cn('grid grid-cols-3 gap-2', className)}
      role="group"
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': 'Theme colors' })}
    >
      {THEME_COLORS.map((color) => {
        const selected = color === themeColor;
        return (
          <button
            key={color}
            type="button"
            aria-pressed={selected}
            onClick={() => onChoose(color)}
            className={cn(
              'flex min-w-0 items-center gap-2 rounded-md border px-3 py-2 text-sm whitespace-nowrap transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
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
  );
}
