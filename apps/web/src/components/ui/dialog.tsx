import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useContext, useEffect, useRef, useState } from 'react';
import { NavigationType, UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { isToastEvent } from './sonner';

export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

/** Fields a person writes in (text areas and text-like inputs; a search box is not writing). */
const TYPED_INPUTS = new Set(['text', 'email', 'url', 'tel', 'password', 'number']);

function isTypedField(target: EventTarget): target is HTMLInputElement | HTMLTextAreaElement {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && TYPED_INPUTS.has(target.type))
  );
}

/** A dialog opening on a phone clears toasts shown this long before (earlier actions'). */
const EARLIER_TOAST_MS = 500;

/**
 * What typed text a dialog holds: each field's value when it first took the focus (before the
 * person could type), compared with its value now. Automatic, so every form dialog (and any
 * added later) is covered without wiring its form state in.
 */
function useTypedText() {
  const before = useRef(new Map<HTMLInputElement | HTMLTextAreaElement, string>());
  return {
    onFocusCapture: (event: React.FocusEvent) => {
      const field = event.target;
      if (isTypedField(field) && !before.current.has(field)) before.current.set(field, field.value);
    },
    isDirty: () => {
      for (const [field, value] of before.current) {
        if (field.isConnected && !field.disabled && field.value !== value) return true;
      }
      return false;
    },
    reset: () => before.current.clear(),
  };
}

/**
 * Back (and Forward) within the app while the dialog holds typed text asks first (React Router's
 * blocker).
 */
function BackGuard({
  isDirty,
  onBlocked,
}: {
  isDirty: () => boolean;
  onBlocked: (choice: { discard: () => void; keep: () => void }) => void;
}) {
  const blocker = useBlocker(
    ({ historyAction }) => historyAction === NavigationType.Pop && isDirty(),
  );
  useEffect(() => {
    if (blocker.state === 'blocked') {
      onBlocked({ discard: () => blocker.proceed(), keep: () => blocker.reset() });
    }
  }, [blocker, onBlocked]);
  return null;
}

/**
 * Leaving the page itself (a reload, closing the tab, Back to a page outside the app) while the
 * dialog holds typed text: the browser's own "Leave site?" question (a page cannot word it).
 */
function UnloadGuard({ isDirty }: { isDirty: () => boolean }) {
  const latest = useRef(isDirty);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (latest.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return null;
}

/** Runs once each time the dialog opens (its content mounts). */
function OnOpen({ run }: { run: () => void }) {
  const latest = useRef(run);
  useEffect(() => {
    latest.current();
  }, []);
  return null;
}

/**
 * A dialog's box. Leaving it while it holds typed text (Escape, a click or tap outside, Back)
 * asks "Discard changes?" first (issue 29 §4); the close button and the form's own Cancel are
 * deliberate and close at once. `confirmDiscard={false}` turns the question off.
 * On a phone, opening it clears the toasts earlier actions left, so none sits over it.
 */
export function DialogContent({
  className,
  children,
  showCloseButton = true,
  confirmDiscard = true,
  onInteractOutside,
  onEscapeKeyDown,
  onFocusCapture,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  showCloseButton?: boolean;
  confirmDiscard?: boolean;
}) {
  const typed = useTypedText();
  const close = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState<{ discard: () => void; keep: () => void } | null>(null);
  const inRouter = useContext(UNSAFE_DataRouterContext) !== null;
  const guarded = () => confirmDiscard && typed.isDirty();
  const askBeforeClosing = (event: Event) => {
    if (event.defaultPrevented || !guarded()) return;
    event.preventDefault();
    setAsking({ discard: () => close.current?.click(), keep: () => undefined });
  };

  return (
    <DialogPrimitive.Portal data-slot="dialog-portal">
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg outline-none',
          'data-[state=closed]:animate-fade-out data-[state=open]:animate-zoom-in',
          className,
        )}
        onFocusCapture={(event) => {
          typed.onFocusCapture(event);
          onFocusCapture?.(event);
        }}
        onInteractOutside={(event) => {
          // Closing or acting on a toast is not leaving the dialog (and must not lose its form).
          if (isToastEvent(event)) event.preventDefault();
          onInteractOutside?.(event);
          askBeforeClosing(event);
        }}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          askBeforeClosing(event);
        }}
        {...props}
      >
        <OnOpen
          run={() => {
            typed.reset();
            toast.dismissEarlierOnPhone(EARLIER_TOAST_MS);
          }}
        />
        {confirmDiscard && <UnloadGuard isDirty={typed.isDirty} />}
        {inRouter && confirmDiscard && <BackGuard isDirty={typed.isDirty} onBlocked={setAsking} />}
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
        {/* What "Discard" presses: closes the dialog as its own close button would. */}
        <DialogPrimitive.Close ref={close} hidden tabIndex={-1} aria-hidden="true" />
        <AlertDialog
          open={asking !== null}
          onOpenChange={(open) => {
            if (!open) {
              asking?.keep();
              setAsking(null);
            }
          }}
        >
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Discard changes?</AlertDialogTitle>
              <AlertDialogDescription>What you typed here will be lost.</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep editing</AlertDialogCancel>
              <Button
                variant="destructive"
                onClick={() => {
                  const choice = asking;
                  setAsking(null);
                  choice?.discard();
                }}
              >
                Discard
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 text-center sm:text-left', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-none font-semibold', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
