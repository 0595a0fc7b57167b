import { AVATAR_MAX_BYTES } from '@selah/shared/schemas/settings';
import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { AVATAR_ACCEPT, checkAvatarFile } from '../utils/avatar-file';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

function initials(firstName: string, lastName: string, email: string) {
  const letters = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return letters || email.slice(0, 2).toUpperCase() || 'U';
}

/**
 * The profile photo: pick a PNG, JPEG or WebP of at most 2 MB (checked here first), see it at
 * once while it uploads, or remove it.
 */
export function ProfilePhoto({
  picture,
  firstName,
  lastName,
  email,
}: {
  picture: string | null;
  firstName: string;
  lastName: string;
  email: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  // The preview's object URL lives until it is replaced or the photo leaves the screen.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    setError(problem);
    if (problem) {
      toast.error('Photo not uploaded', { description: problem });
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success('Photo updated!', { description: 'Your new photo is saved.' }),
      onError: (uploadError) => {
        const message = getErrorMessage(uploadError, 'The photo could not be uploaded.');
        setError(message);
        toast.error('Photo not uploaded', { description: message });
      },
      onSettled: () => setPreview(null),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setError(null);
        toast.success('Photo removed', { description: 'Your initials show instead.' });
      },
      onError: (removeError) =>
        toast.error('Error', {
          description: getErrorMessage(removeError, 'The photo could not be removed.'),
        }),
    });

  const shown = preview ?? picture;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar className="size-20 text-lg">
        {shown && <AvatarImage src={shown} alt="Your profile photo" />}
        <AvatarFallback className="text-xl">{initials(firstName, lastName, email)}</AvatarFallback>
      </Avatar>
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={AVATAR_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Profile photo file"
            onChange={onFile}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            <Camera aria-hidden="true" />
            {upload.isPending ? 'Uploading...' : picture ? 'Change photo' : 'Upload photo'}
          </Button>
          {picture && !preview && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          PNG, JPEG or WebP, up to {MAX_MB} MB.
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
