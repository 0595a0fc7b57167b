import type * as React from 'react';
import {
  useWatch,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

/**
 * A form's longer text (a description, a prayer, a bio): a textarea under its label. Given a
 * `max`, the label row counts its characters (trimmed, as the checks count them) against it.
 */
export function DescriptionField<T extends FieldValues, TContext, TOutput extends FieldValues>({
  form,
  name,
  id,
  label = 'Description',
  max,
  hint,
  error,
  ...textarea
}: {
  form: UseFormReturn<T, TContext, TOutput>;
  name: FieldPathByValue<T, string | undefined>;
  id: string;
  label?: string;
  max?: number;
  hint?: string;
  error: string | undefined;
} & Pick<
  React.ComponentProps<typeof Textarea>,
  'rows' | 'placeholder' | 'maxLength' | 'className'
>) {
  const value: unknown = useWatch({ control: form.control, name });
  const length = typeof value === 'string' ? value.trim().length : 0;
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={error}
      {...(max === undefined ? {} : { count: { length, max } })}
    >
      {(control) => <Textarea {...control} {...textarea} {...form.register(name)} />}
    </FormField>
  );
}
