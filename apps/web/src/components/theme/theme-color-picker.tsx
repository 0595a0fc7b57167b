import type { ThemeColor } from '@selah/shared/constants';
import type * as React from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ThemeColorOptions } from './theme-color-options';

/**
 * The theme colour dialog, a chunk of its own (loaded by `ThemeColorDialog`, which owns the
 * trigger button). Closing it puts focus back on that button.
 */
export function ThemeColorPicker({
  open,
  onOpenChange,
  themeColor,
  onChoose,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  themeColor: ThemeColor;
  onChoose: (color: ThemeColor) => void;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Theme color</DialogTitle>
          <DialogDescription>Choose the accent colour used across Selah.</DialogDescription>
        </DialogHeader>
        <ThemeColorOptions themeColor={themeColor} onChoose={onChoose} />
      </DialogContent>
    </Dialog>
  );
}
