import { GroupDescriptionSchema, GroupNameSchema } from '@selah/shared/schemas/groups';

/** spec-2 §5: the journal a group needs, as a toast title and message. */
export const JOURNAL_REQUIRED_TITLE = 'Journal required';
export const JOURNAL_REQUIRED_MESSAGE = 'Please select a journal to attach.';
export const NO_JOURNALS_MESSAGE = 'You must create a journal before creating a group.';

/** The fields of the create and edit dialogs; the switch is 'Private', the payload `isPublic`. */
export interface GroupFormValues {
  name: string;
  description: string;
  isPrivate: boolean;
  journalId: string;
}

/** A new group is public: the privacy switch starts off (spec-2 §4). */
export const EMPTY_GROUP_FORM: GroupFormValues = {
  name: '',
  description: '',
  isPrivate: false,
  journalId: '',
};

/**
 * The name and description checks of the shared contract, with its messages ('Group name is
 * required.', 'Description cannot exceed 500 characters.' ...). Empty when both are fine.
 */
export function validateGroupFields(
  values: Pick<GroupFormValues, 'name' | 'description'>,
): Partial<Record<'name' | 'description', string>> {
  const errors: Partial<Record<'name' | 'description', string>> = {};
  const name = GroupNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? 'Group name is required.';
  const description = GroupDescriptionSchema.safeParse(values.description);
  if (!description.success) {
    errors.description = description.error.issues[0]?.message ?? 'Description is required.';
  }
  return errors;
}
