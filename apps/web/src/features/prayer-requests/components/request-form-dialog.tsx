import { TITLE_MAX, type PrayerCategory } from '@selah/shared/constants';
import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { CategoryField } from '@/components/forms/category-field';
import { DescriptionField } from '@/components/forms/description-field';
import { PrivacySwitch } from '@/components/forms/privacy-switch';
import { TitleField } from '@/components/forms/title-field';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { isPrayerCategory } from '@/lib/prayer-category';
import { toast } from '@/lib/toast';
import { displayName } from '@/lib/utils';
import { useCreatePrayerRequest } from '../api/create-prayer-request';
import { useUpdatePrayerRequest } from '../api/update-prayer-request';
import {
  LOAD_FRIENDS_MESSAGE,
  LOAD_FRIENDS_TITLE,
  useShareFriends,
} from '../api/get-share-friends';

const CREATE_ERROR = 'Failed to create prayer request. Please try again.';
const UPDATE_ERROR = 'Failed to update prayer request. Please try again.';

interface NewRequestValues {
  title: string;
  description: string;
  category: PrayerCategory;
  isPrivate: boolean;
  sharedWith: string[];
}

const EMPTY: NewRequestValues = {
  title: '',
  description: '',
  category: 'Personal',
  isPrivate: true,
  sharedWith: [],
};

/** The form's values for an existing request (an unknown category falls back to Personal). */
function valuesOf(request: PrayerRequest): NewRequestValues {
  return {
    title: request.title,
    description: request.description,
    category: isPrayerCategory(request.category) ? request.category : 'Personal',
    isPrivate: request.isPrivate,
    sharedWith: request.sharedWith,
  };
}

function audience(request: PrayerRequest) {
  if (!request.isPrivate) return 'All your friends can see it.';
  const count = request.sharedWith.length;
  if (count === 0) return 'Only you can see it until you share it.';
  return `Shared with ${count} ${count === 1 ? 'friend' : 'friends'}.`;
}

/**
 * 'New Prayer Request' (spec-2 §4, §5): title (required), description, category (Personal by
 * default), and Private (default: only the ticked friends see it) or Public (all friends; sends
 * an empty sharedWith). Cleared after success or cancel. Given a `request` of the user's own, the
 * same form edits it ('Edit Prayer Request'), e.g. to share it with more friends later.
 */
export function RequestFormDialog({
  open,
  onOpenChange,
  request,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request?: PrayerRequest | undefined;
}) {
  const id = useId();
  const createRequest = useCreatePrayerRequest();
  const updateRequest = useUpdatePrayerRequest();
  const saving = createRequest.isPending || updateRequest.isPending;
  const initial = request ? valuesOf(request) : EMPTY;
  const form = useForm<NewRequestValues>({ defaultValues: initial });
  // Shared with ShareWithFriends (same query): ids of people who are no longer friends are dropped.
  const friendChoices = useShareFriends({ enabled: open });
  const { errors } = form.formState;
  const isPrivate = useWatch({ control: form.control, name: 'isPrivate' });

  const close = () => {
    form.reset(initial);
    onOpenChange(false);
  };

  const fail = (field: 'title', toastTitle: string, description: string) => {
    form.setError(field, { type: 'client', message: description });
    toast.error(toastTitle, { description });
    form.setFocus(field);
  };

  const onSubmit = (values: NewRequestValues) => {
    form.clearErrors();
    const trimmed = values.title.trim();
    if (!trimmed) {
      fail('title', 'Title required', 'Please provide a title for your prayer request.');
      return;
    }
    if (trimmed.length > TITLE_MAX) {
      fail('title', 'Title too long', `Title must be ${TITLE_MAX} characters or less.`);
      return;
    }
    const input = {
      title: trimmed,
      description: values.description.trim(),
      category: values.category,
      isPrivate: values.isPrivate,
      // Public requests reach all friends: no list (spec-2 §4).
      sharedWith: values.isPrivate
        ? values.sharedWith.filter(
            (friendId) =>
              !friendChoices.data || friendChoices.data.some((friend) => friend._id === friendId),
          )
        : [],
    };
    const fallback = request ? UPDATE_ERROR : CREATE_ERROR;
    const onError = (error: unknown) => {
      const matched = setServerFieldErrors(error, form.setError, [
        'title',
        'description',
        'category',
        'sharedWith',
      ]);
      const plainAnswer = error instanceof ApiError && error.status === 400;
      toast.error('Error', {
        description: matched || plainAnswer ? getErrorMessage(error, fallback) : fallback,
      });
    };
    if (request) {
      updateRequest.mutate(
        { id: request._id, input },
        {
          onSuccess: (updated) => {
            toast.success('Prayer request updated!', { description: audience(updated) });
            form.reset(valuesOf(updated));
            onOpenChange(false);
          },
          onError,
        },
      );
      return;
    }
    createRequest.mutate(input, {
      onSuccess: (created) => {
        toast.success('Prayer request created!', { description: audience(created) });
        close();
      },
      onError,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else close();
      }}
    >
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{request ? 'Edit Prayer Request' : 'New Prayer Request'}</DialogTitle>
          <DialogDescription>
            {request
              ? 'Change your request or who can see it.'
              : 'Ask your friends to pray with you.'}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          className="grid gap-4"
          aria-label={request ? 'Edit prayer request' : 'New prayer request'}
        >
          <TitleField
            form={form}
            name="title"
            id={`${id}-title`}
            placeholder="What should your friends pray for?"
            error={errors.title?.message}
          />
          <DescriptionField
            form={form}
            name="description"
            id={`${id}-description`}
            hint="Optional"
            rows={4}
            className="min-h-24"
            placeholder="Share a few details..."
            error={errors.description?.message}
          />
          <CategoryField
            id={`${id}-category`}
            control={form.control}
            name="category"
            error={errors.category?.message}
          />
          <PrivacySwitch
            control={form.control}
            name="isPrivate"
            id={`${id}-private`}
            label="Private request"
            hint={
              isPrivate
                ? 'Private: only the friends you choose below can see it.'
                : 'Public: all your friends can see it.'
            }
          />
          {isPrivate && (
            <ShareWithFriends
              control={form.control}
              enabled={open}
              error={errors.sharedWith?.message}
            />
          )}
          <DialogActions
            onCancel={close}
            label={request ? 'Save Changes' : 'Create Request'}
            pendingLabel={request ? 'Saving...' : 'Creating...'}
            pending={request ? updateRequest.isPending : createRequest.isPending}
            disabled={saving}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The friends a private request is shared with, each with a checkbox. */
function ShareWithFriends({
  control,
  enabled,
  error,
}: {
  control: Control<NewRequestValues>;
  enabled: boolean;
  error: string | undefined;
}) {
  const id = useId();
  const friends = useShareFriends({ enabled });

  let body: ReactNode;
  if (friends.isPending) {
    body = (
      <div className="grid gap-2" aria-hidden="true">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-5 w-32" />
      </div>
    );
  } else if (friends.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-destructive">{LOAD_FRIENDS_TITLE}</p>
        <p className="text-muted-foreground">{LOAD_FRIENDS_MESSAGE}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void friends.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (friends.data.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground">
        You have no friends on Selah yet.{' '}
        <Link
          to={paths.app.friends.getHref()}
          className="font-medium text-primary underline underline-offset-4"
        >
          Add friends
        </Link>{' '}
        to share requests with them.
      </p>
    );
  } else {
    const list = friends.data;
    body = (
      <Controller
        control={control}
        name="sharedWith"
        render={({ field }) => (
          <ul className="grid max-h-48 gap-2 overflow-y-auto pr-1">
            {list.map((friend) => {
              const checkboxId = `${id}-${friend._id}`;
              const checked = field.value.includes(friend._id);
              return (
                <li key={friend._id} className="flex items-center gap-2">
                  <Checkbox
                    id={checkboxId}
                    checked={checked}
                    onCheckedChange={(next) =>
                      field.onChange(
                        next === true
                          ? [...field.value, friend._id]
                          : field.value.filter((value) => value !== friend._id),
                      )
                    }
                  />
                  <Label htmlFor={checkboxId} className="font-normal">
                    {displayName(friend, friend.email)}
                  </Label>
                </li>
              );
            })}
          </ul>
        )}
      />
    );
  }

  return (
    <fieldset className="grid gap-3 rounded-lg border p-3" aria-describedby={`${id}-hint`}>
      <legend className="px-1 text-sm font-medium">Share with friends</legend>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        Only the friends you tick (and you) will see this request.
      </p>
      {body}
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </fieldset>
  );
}
