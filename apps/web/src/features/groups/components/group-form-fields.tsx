import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '@selah/shared/constants';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { GroupFormValues } from '../utils/group-form';

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span
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
 * Name, description and the 'Private' switch, shared by the create and edit dialogs. Editing, an
 * admin who does not own the journal gets no switch (`showPrivacy`), and the journal's owner who
 * is not an admin only the switch (`showText`).
 */
export function GroupFormFields({
  form,
  idPrefix,
  showText = true,
  showPrivacy = true,
}: {
  form: UseFormReturn<GroupFormValues>;
  idPrefix: string;
  showText?: boolean;
  showPrivacy?: boolean;
}) {
  const { errors } = form.formState;
  const [name, description, isPrivate] = useWatch({
    control: form.control,
    name: ['name', 'description', 'isPrivate'],
  });

  return (
    <>
      {showText && (
        <>
          <FormField
            id={`${idPrefix}-name`}
            label="Group name"
            error={errors.name?.message}
            labelAside={<Counter length={name.trim().length} max={GROUP_NAME_MAX} />}
          >
            {(control) => (
              <Input
                {...control}
                placeholder="e.g. Tuesday Prayer Circle"
                autoComplete="off"
                {...form.register('name')}
              />
            )}
          </FormField>
          <FormField
            id={`${idPrefix}-description`}
            label="Description"
            error={errors.description?.message}
            labelAside={<Counter length={description.trim().length} max={GROUP_DESCRIPTION_MAX} />}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                className="min-h-20"
                placeholder="Who is this group for, and what do you pray about together?"
                {...form.register('description')}
              />
            )}
          </FormField>
        </>
      )}
      {showPrivacy && (
        <Controller
          control={form.control}
          name="isPrivate"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
              <div className="grid gap-1">
                <Label htmlFor={`${idPrefix}-private`}>Private</Label>
                <p id={`${idPrefix}-private-hint`} className="text-xs text-muted-foreground">
                  {isPrivate
                    ? 'Only members and the friends you invite can find this group.'
                    : 'Anyone on Selah can find and join this group.'}
                </p>
              </div>
              <Switch
                id={`${idPrefix}-private`}
                aria-describedby={`${idPrefix}-private-hint`}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            </div>
          )}
        />
      )}
    </>
  );
}
