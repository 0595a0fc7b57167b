import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@selah/shared/schemas/auth';
import {
  BIO_MAX,
  LANGUAGE_NAMES,
  LANGUAGES,
  ProfileFieldsSchema,
  type ProfileInput,
  type Settings,
} from '@selah/shared/schemas/settings';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DescriptionField } from '@/components/forms/description-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { deviceTimeZone } from '@/lib/time-zones';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { TimeZonePicker } from './time-zone-picker';

type ProfileValues = z.input<typeof ProfileFieldsSchema>;
type ProfileOutput = z.output<typeof ProfileFieldsSchema>;
type Language = (typeof LANGUAGES)[number];

const FIELDS = ['firstName', 'lastName', 'username', 'bio', 'timeZone', 'language'] as const;
/** Shown for a user with no zone stored whose device's zone Selah does not accept. */
const FALLBACK_TIME_ZONE = 'UTC';
const SAVE_FAILED = 'Your profile could not be saved. Please try again.';

const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/**
 * The form's values: a user with no zone stored sees this device's (ADR 057), which is saved
 * only when they pick it.
 */
function toValues(profile: Settings['profile']): ProfileValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
    bio: profile.bio,
    timeZone: profile.timeZone ?? deviceTimeZone() ?? FALLBACK_TIME_ZONE,
    language: isLanguage(profile.language) ? profile.language : 'en',
  };
}

function fromUser(user: User): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    bio: user.bio ?? '',
    timeZone: user.settings.timeZone ?? deviceTimeZone() ?? FALLBACK_TIME_ZONE,
    language: user.language && isLanguage(user.language) ? user.language : 'en',
  };
}

/**
 * Name, username, bio, time zone and language, saved with 'Save Changes'. Only the fields that
 * changed are sent, and the time zone only when the person picked one that is not the one
 * stored: saving a bio never saves a zone (ADR 057).
 */
export function ProfileForm({ profile }: { profile: Settings['profile'] }) {
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver: zodResolver(ProfileFieldsSchema),
    defaultValues: toValues(profile),
  });
  const { errors } = form.formState;
  const [zonePicked, setZonePicked] = useState(false);
  const [deviceZone] = useState(deviceTimeZone);
  const timeZoneSaved = profile.timeZone !== null;
  // A zone saved elsewhere (the device prompt's Switch) shows here unless one is being picked.
  const { resetField } = form;
  useEffect(() => {
    if (profile.timeZone === null || zonePicked) return;
    resetField('timeZone', { defaultValue: profile.timeZone });
  }, [profile.timeZone, zonePicked, resetField]);

  const onValid = (values: ProfileOutput) => {
    // What changed from the values the form started with (as the server would store them).
    const before = ProfileFieldsSchema.safeParse(form.formState.defaultValues).data;
    const changes: ProfileInput = {};
    for (const field of ['firstName', 'lastName', 'username', 'bio', 'language'] as const) {
      if (values[field] !== before?.[field]) Object.assign(changes, { [field]: values[field] });
    }
    if (zonePicked && values.timeZone !== profile.timeZone) changes.timeZone = values.timeZone;
    if (Object.keys(changes).length === 0) {
      toast.success('Nothing to save', { description: 'Your profile is as it was.' });
      return;
    }
    updateProfile.mutate(changes, {
      onSuccess: (user) => {
        form.reset(fromUser(user));
        setZonePicked(false);
        toast.success('Profile updated!', { description: 'Your changes have been saved.' });
      },
      onError: (error) => {
        if (isApiError(error, 409)) {
          form.setError('username', { type: 'server', message: error.message });
          form.setFocus('username');
          return;
        }
        if (setServerFieldErrors(error, form.setError, FIELDS)) return;
        toast.error('Profile not saved', { description: getErrorMessage(error, SAVE_FAILED) });
      },
    });
  };

  return (
    <form
      noValidate
      aria-label="Profile"
      className="grid gap-5"
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First name" error={errors.firstName?.message}>
          {(control) => (
            <Input {...control} autoComplete="given-name" {...form.register('firstName')} />
          )}
        </FormField>
        <FormField id="profile-last-name" label="Last name" error={errors.lastName?.message}>
          {(control) => (
            <Input {...control} autoComplete="family-name" {...form.register('lastName')} />
          )}
        </FormField>
      </div>
      <FormField
        id="profile-username"
        label="Username"
        hint="3 to 30 letters, digits, dots or underscores. People find you by it unless your profile is private."
        error={errors.username?.message}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('username')}
          />
        )}
      </FormField>
      <DescriptionField
        form={form}
        name="bio"
        id="profile-bio"
        label="Bio"
        max={BIO_MAX}
        rows={4}
        placeholder="A few words about you and what you pray for."
        error={errors.bio?.message}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="profile-time-zone"
          label="Time zone"
          hint={
            timeZoneSaved ? (
              'Your statistics and daily reminders follow this time zone.'
            ) : (
              <span className="inline-flex gap-1.5 text-foreground">
                <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                {deviceZone
                  ? 'From this device, not saved yet: your statistics use UTC until you pick a time zone.'
                  : 'Not saved yet: your statistics use UTC until you pick a time zone.'}
              </span>
            )
          }
          error={errors.timeZone?.message}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <TimeZonePicker
                  control={control}
                  value={field.value}
                  deviceZone={deviceZone}
                  onBlur={field.onBlur}
                  onPick={(zone) => {
                    setZonePicked(true);
                    field.onChange(zone);
                  }}
                />
              )}
            />
          )}
        </FormField>
        <FormField
          id="profile-language"
          label="Language"
          hint="Saved with your profile. Selah's screens are in English for now."
          error={errors.language?.message}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id={control.id}
                    aria-invalid={control['aria-invalid']}
                    aria-describedby={control['aria-describedby']}
                    className="w-full"
                    onBlur={field.onBlur}
                    ref={field.ref}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {LANGUAGES.map((language) => (
                      <SelectItem key={language} value={language}>
                        {LANGUAGE_NAMES[language]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
