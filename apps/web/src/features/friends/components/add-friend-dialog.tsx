import { Mail, Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { SearchInput } from '@/components/forms/search-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { useInviteByEmail } from '../api/invite-by-email';
import { useUserSearch } from '../api/search-users';
import { AddFriendButton } from './add-friend-button';
import { displayName } from '@/lib/utils';

/** spec-2 §5: an address with something before and after the @, a dot, and no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SEARCH_USERS_ERROR = 'Failed to search for users. Please try again.';
const INVITE_ERROR = 'Failed to send invitation. Please try again.';

export type AddFriendFocus = 'search' | 'email';

/**
 * Who a search can find (access.sql.ts `personFindable`): with the default privacy a name finds
 * only friends of friends, so the dialog says what works (issue 29 §5).
 */
export const FINDABLE_HINT =
  'Selah finds people by their exact email address or username, or by name when they are a friend of a friend.';

/**
 * 'Add Friend': find people on Selah (server-side search as the user types) and send them a
 * request, or invite someone by e-mail. Both fields are cleared whenever the dialog closes.
 */
export function AddFriendDialog({
  open,
  onOpenChange,
  initialFocus = 'search',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which field has focus when it opens ('email' from the Invite Friends box). */
  initialFocus?: AddFriendFocus;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-lg"
        onOpenAutoFocus={(event) => {
          const target = document.getElementById(
            initialFocus === 'email' ? 'add-friend-email' : 'add-friend-search',
          );
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Add Friend</DialogTitle>
          <DialogDescription>
            Find people on Selah by exact email or username, or by name for friends of friends. Or
            invite someone to join.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so closing the dialog resets both fields. */}
        {open && <AddFriendForms />}
      </DialogContent>
    </Dialog>
  );
}

/** The search and the invite, sharing the invite's address so a failed search can offer it. */
function AddFriendForms() {
  const [email, setEmail] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const inviteInstead = (q: string) => {
    if (EMAIL_PATTERN.test(q)) setEmail(q);
    emailRef.current?.focus();
  };
  return (
    <>
      <UserSearch onInvite={inviteInstead} />
      <Separator />
      <InviteByEmail email={email} onEmailChange={setEmail} inputRef={emailRef} />
    </>
  );
}

function UserSearch({ onInvite }: { onInvite: (q: string) => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const search = useUserSearch(q);
  const typing = text.trim() !== q;

  let body: ReactNode;
  if (!text.trim()) {
    body = <p className="text-sm text-muted-foreground">{FINDABLE_HINT}</p>;
  } else if (typing || search.isPending || (search.isFetching && search.isPlaceholderData)) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Searching...
      </p>
    );
  } else if (search.isError) {
    body = (
      <p role="alert" className="text-sm text-destructive">
        {getErrorMessage(search.error, SEARCH_USERS_ERROR)}
      </p>
    );
  } else if (search.data.length === 0) {
    body = (
      <div className="grid min-w-0 justify-items-start gap-2">
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          No users found matching "{q}"
        </p>
        <p className="text-sm text-muted-foreground">{FINDABLE_HINT}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => onInvite(q)}>
          <Mail aria-hidden="true" />
          {EMAIL_PATTERN.test(q) ? 'Invite this address by email' : 'Invite them by email'}
        </Button>
      </div>
    );
  } else {
    body = (
      <ul
        className="grid max-h-72 min-w-0 grid-cols-1 gap-1 overflow-y-auto"
        aria-label="Search results"
      >
        {search.data.map((person) => (
          <li key={person._id} className="flex min-w-0 items-center gap-3 rounded-lg px-1 py-2">
            <PersonAvatar name={displayName(person)} src={person.avatar} className="size-9" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{displayName(person)}</p>
              <p className="truncate text-xs text-muted-foreground">
                @{person.username} · {person.email}
              </p>
            </div>
            <AddFriendButton user={person} errorTitle="Error sending friend request" />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="grid min-w-0 gap-3" aria-label="Find people">
      <SearchInput
        id="add-friend-search"
        aria-label="Search users"
        placeholder="Search by name, username or email..."
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div aria-live="polite" className="min-w-0">
        {body}
      </div>
    </section>
  );
}

function InviteByEmail({
  email,
  onEmailChange: setEmail,
  inputRef,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteByEmail();

  const fail = (title: string, description: string) => {
    setError(description);
    toast.error(title, { description });
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      fail('Email required', 'Please enter an email address.');
      return;
    }
    if (!EMAIL_PATTERN.test(address)) {
      fail('Invalid email', 'Please enter a valid email address.');
      return;
    }
    setError(null);
    invite.mutate(address, {
      onSuccess: ({ message }) => {
        setEmail('');
        toast.success(message || 'Invitation sent!', {
          description: `We emailed an invitation to ${address}.`,
        });
      },
      onError: (failure) => {
        setError(getErrorMessage(failure, INVITE_ERROR));
        toast.error('Error sending invitation', {
          description: getErrorMessage(failure, INVITE_ERROR),
        });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid min-w-0 gap-2"
      aria-label="Invite by email"
    >
      <Label htmlFor="add-friend-email">Invite by email</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id="add-friend-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="friend@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        <Button type="submit" className="shrink-0" disabled={invite.isPending}>
          <Send aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          They get an email with a link to join; once they sign up, your friend request is waiting.
        </p>
      )}
    </form>
  );
}
