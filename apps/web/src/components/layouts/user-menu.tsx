import { lazy, useState } from 'react';
import type * as React from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Deferred } from '@/components/ui/deferred';
import { displayName, nameInitials } from '@/lib/utils';
import type { ShellUser } from './shell-user';

const UserMenuDropdown = lazy(() =>
  import('./user-menu-dropdown').then((module) => ({ default: module.UserMenuDropdown })),
);

function UserMenuButton({
  user,
  ...props
}: { user: ShellUser | null } & React.ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label="Open user menu"
      {...props}
    >
      <Avatar>
        {user?.profilePicture && (
          <AvatarImage src={user.profilePicture} alt="" referrerPolicy="no-referrer" />
        )}
        <AvatarFallback>{nameInitials(displayName(user ?? {}, user?.email))}</AvatarFallback>
      </Avatar>
    </Button>
  );
}

/** The header's avatar button and its menu (settings, log out); the menu is a lazy chunk. */
export function UserMenu({ user, onLogout }: { user: ShellUser | null; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Deferred
      fallback={
        <UserMenuButton
          user={user}
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        />
      }
    >
      <UserMenuDropdown
        user={user}
        onLogout={onLogout}
        open={open}
        onOpenChange={setOpen}
        trigger={<UserMenuButton user={user} />}
      />
    </Deferred>
  );
}
