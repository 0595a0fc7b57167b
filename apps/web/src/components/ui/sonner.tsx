import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useThemeStore } from '@/stores/theme-store';

/** The one toast region: bottom-right, Alt+T focuses it, rich colours for errors (spec-1 §9). */
export function Toaster(props: ToasterProps) {
  const theme = useThemeStore((state) => state.theme);
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      richColors
      closeButton
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
