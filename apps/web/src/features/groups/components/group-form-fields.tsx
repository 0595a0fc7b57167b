import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '@selah/shared/constants';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { DescriptionField } from '@/components/forms/description-field';
import { PrivacySwitch } from '@/components/forms/privacy-switch';
import { TitleField } from '@/components/forms/title-field';
import type { GroupFormValues } from '../utils/group-form';

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
  const isPrivate = useWatch({ control: form.control, name: 'isPrivate' });

  return (
    <>
      {showText && (
        <>
          <TitleField
            form={form}
            name="name"
            id={`${idPrefix}-name`}
            label="Group name"
            max={GROUP_NAME_MAX}
            placeholder="e.g. Tuesday Prayer Circle"
            error={errors.name?.message}
          />
          <DescriptionField
            form={form}
            name="description"
            id={`${idPrefix}-description`}
            max={GROUP_DESCRIPTION_MAX}
            rows={3}
            className="min-h-20"
            placeholder="Who is this group for, and what do you pray about together?"
            error={errors.description?.message}
          />
        </>
      )}
      {showPrivacy && (
        <PrivacySwitch
          control={form.control}
          name="isPrivate"
          id={`${idPrefix}-private`}
          label="Private"
          hint={
            isPrivate
              ? 'Only members and the friends you invite can find this group.'
              : 'Anyone on Selah can find and join this group.'
          }
        />
      )}
    </>
  );
}
