import type * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** 'n/max characters'; red once the text is over `max`. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span
      id={id}
      className={cn(
        'text-xs tabular-nums',
        length > max ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      {length}/{max} characters
    </span>
  );
}

/**
 * A labelled form control with an optional hint and error message, wired for screen readers
 * (label `for`, `aria-invalid`, `aria-describedby`). The control is rendered by `children`.
 * Given a `count`, the label row says 'n/max characters' (part of the control's description),
 * and the control is marked invalid while the text is over the limit.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  labelAside,
  count,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string | undefined;
  /** Rendered at the end of the label row, e.g. a 'Forgot password?' link. */
  labelAside?: React.ReactNode;
  /** The text's length (as the checks count it) and its limit. */
  count?: { length: number; max: number };
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const countId = count ? `${id}-count` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [countId, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error) || (count !== undefined && count.length > count.max);
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
        {count && countId && <CharacterCount id={countId} {...count} />}
      </div>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
