import { TITLE_MAX } from '@selah/shared/constants';
import {
  useWatch,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/**
 * A form's title (a journal's, a prayer's, a request's, a group's name): a one-line input with
 * 'n/max characters' beside its label, counted as the checks count it (trimmed).
 */
export function TitleField<T extends FieldValues, TContext, TOutput extends FieldValues>({
  form,
  name,
  id,
  label = 'Title',
  max = TITLE_MAX,
  placeholder,
  error,
}: {
  form: UseFormReturn<T, TContext, TOutput>;
  name: FieldPathByValue<T, string | undefined>;
  id: string;
  label?: string;
  max?: number;
  placeholder: string;
  error: string | undefined;
}) {
  const value: unknown = useWatch({ control: form.control, name });
  const length = typeof value === 'string' ? value.trim().length : 0;
  return (
    <FormField id={id} label={label} error={error} count={{ length, max }}>
      {(control) => (
        <Input {...control} placeholder={placeholder} autoComplete="off" {...form.register(name)} />
      )}
    </FormField>
  );
}
