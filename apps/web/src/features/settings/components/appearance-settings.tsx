import { useIsMutating } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ThemeColorOptions } from '@/components/theme/theme-color-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import { useSystemReducedMotion } from '@/hooks/use-reduced-motion';
import { DEFAULT_FONT_SIZE, isFontSize, useThemeStore, type FontSize } from '@/stores/theme-store';
import { updateAppearanceMutationKey } from '../api/update-appearance';

const FONT_SIZE_NAMES: Record<FontSize, string> = {
  1: 'Smallest',
  2: 'Small',
  3: 'Default',
  4: 'Large',
  5: 'Largest',
};

/**
 * Settings > Appearance: dark mode (the same switch as the header's), the theme colour (the
 * header's palette, which phones do not show), font size 1 to 5 and animations. Each change
 * applies to the whole app at once; all but the colour are saved to the account.
 */
export function AppearanceSettings() {
  const id = useId();
  const theme = useThemeStore((state) => state.theme);
  const fontSize = useThemeStore((state) => state.fontSize);
  const animations = useThemeStore((state) => state.animations);
  const themeColor = useThemeStore((state) => state.themeColor);
  const setThemeColor = useThemeStore((state) => state.setThemeColor);
  const setTheme = useThemeStore((state) => state.setTheme);
  const setFontSize = useThemeStore((state) => state.setFontSize);
  const setAnimations = useThemeStore((state) => state.setAnimations);
  const systemReduced = useSystemReducedMotion();
  const saving = useIsMutating({ mutationKey: updateAppearanceMutationKey }) > 0;
  // The thumb's position while it is dragged; the size applies when it is let go. A new size
  // (this one committed, or one from the account) ends the drag.
  const [dragging, setDragging] = useState<FontSize | null>(null);
  const [lastFontSize, setLastFontSize] = useState(fontSize);
  if (lastFontSize !== fontSize) {
    setLastFontSize(fontSize);
    setDragging(null);
  }
  const shownSize = dragging ?? fontSize;
  const animationsOn = animations ?? !systemReduced;

  const commitFontSize = (value: number) => {
    if (isFontSize(value) && value !== fontSize) setFontSize(value);
    else setDragging(null);
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-4">
          <CardTitle>
            <h2 className="text-base">Appearance</h2>
          </CardTitle>
          <p role="status" className="text-sm text-muted-foreground">
            {saving ? 'Saving...' : ''}
          </p>
        </div>
        <CardDescription>
          Changes apply at once. Dark mode, font size and animations are saved to your account, so
          they follow you to other devices.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-dark`}>Dark mode</Label>
            <p id={`${id}-dark-hint`} className="text-sm text-muted-foreground">
              Light text on a dark background, easier on the eyes at night.
            </p>
          </div>
          <Switch
            id={`${id}-dark`}
            aria-describedby={`${id}-dark-hint`}
            checked={theme === 'dark'}
            onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
          />
        </div>

        <div className="grid gap-3 border-t pt-6">
          <div className="grid gap-1">
            <span id={`${id}-color`} className="text-sm leading-none font-medium">
              Theme color
            </span>
            <p id={`${id}-color-hint`} className="text-sm text-muted-foreground">
              The accent colour of buttons and highlights, kept on this device.
            </p>
          </div>
          <ThemeColorOptions
            themeColor={themeColor}
            onChoose={setThemeColor}
            labelledBy={`${id}-color`}
            className="grid-cols-2 sm:grid-cols-5"
          />
        </div>

        <div className="grid gap-3 border-t pt-6">
          <div className="flex items-center justify-between gap-4">
            <span className="text-sm leading-none font-medium">Font size</span>
            <span className="text-sm text-muted-foreground" aria-hidden="true">
              {FONT_SIZE_NAMES[shownSize]} ({shownSize} of 5)
            </span>
          </div>
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
              A
            </span>
            <Slider
              min={1}
              max={5}
              step={1}
              value={[shownSize]}
              thumbLabel="Font size"
              thumbValueText={`${shownSize} of 5, ${FONT_SIZE_NAMES[shownSize].toLowerCase()}`}
              onValueChange={([value]) => {
                if (isFontSize(value)) setDragging(value);
              }}
              onValueCommit={([value]) => commitFontSize(value ?? fontSize)}
            />
            <span aria-hidden="true" className="text-lg font-medium text-muted-foreground">
              A
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">Scales all text and spacing in Selah.</p>
            {fontSize !== DEFAULT_FONT_SIZE && (
              <Button
                variant="link"
                size="sm"
                className="h-auto px-0"
                onClick={() => commitFontSize(DEFAULT_FONT_SIZE)}
              >
                Reset to default
              </Button>
            )}
          </div>
        </div>

        <div className="grid gap-2 border-t pt-6">
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-animations`}>Animations</Label>
              <p id={`${id}-animations-hint`} className="text-sm text-muted-foreground">
                {animations === null
                  ? systemReduced
                    ? 'Off, because your device asks for reduced motion.'
                    : 'Dialogs, menus and toasts fade and slide in.'
                  : animationsOn
                    ? 'On. Dialogs, menus and toasts fade and slide in.'
                    : 'Off. Everything appears at once, without movement.'}
              </p>
            </div>
            <Switch
              id={`${id}-animations`}
              aria-describedby={`${id}-animations-hint`}
              checked={animationsOn}
              onCheckedChange={(checked) => setAnimations(checked)}
            />
          </div>
          {animations !== null && (
            <Button
              variant="link"
              size="sm"
              className="h-auto w-fit px-0"
              onClick={() => setAnimations(null)}
            >
              Follow my device&rsquo;s setting
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
