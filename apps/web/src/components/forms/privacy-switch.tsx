import type * as React from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/**
 * A form's privacy switch (a prayer's, a request's, a group's): on means private. The hint says
 * who can see it; callers that word it by the switch's state pass the words for that state.
 */
export function PrivacySwitch<T extends FieldValues, TContext, TOutput extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
}: {
  control: Control<T, TContext, TOutput>;
  name: FieldPathByValue<T, boolean>;
  id: string;
  label: string;
  hint: React.ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        </div>
      )}
    />
  );
}
