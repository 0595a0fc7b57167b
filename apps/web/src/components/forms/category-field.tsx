import { PRAYER_CATEGORIES, type PrayerCategory } from '@selah/shared/constants';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

/** A form's 'Category' field: one of the prayer categories, picked from a select. */
export function CategoryField<T extends FieldValues>({
  id,
  control,
  name,
  error,
}: {
  id: string;
  control: Control<T>;
  name: FieldPathByValue<T, PrayerCategory>;
  error: string | undefined;
}) {
  return (
    <FormField id={id} label="Category" error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...fieldControl} ref={field.ref} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PRAYER_CATEGORIES.map((category) => (
                  <SelectItem key={category} value={category}>
                    {category}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}
