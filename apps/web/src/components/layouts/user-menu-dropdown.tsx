import { LogOut, ReceiptText, Settings } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { formatRole } from '@/lib/utils';
import type { ShellUser } from './shell-user';

/** The user menu's dropdown, a chunk of its own (loaded by `UserMenu`, see `Deferred`). */
export function UserMenuDropdown({
  user,
  onLogout,
  open,
  onOpenChange,
  trigger,
}: {
  user: ShellUser | null;
  onLogout: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactElement;
}) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{user?.email}</span>
          <span className="text-xs font-normal text-muted-foreground">
            {formatRole(user?.role)}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.app.settings.getHref()}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        {user?.role === 'admin' && (
          <DropdownMenuItem asChild>
            <Link to={paths.app.adminPayments.getHref()}>
              <ReceiptText aria-hidden="true" />
              Payments
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
