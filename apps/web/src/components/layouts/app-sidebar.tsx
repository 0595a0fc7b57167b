import {
  BookOpen,
  Compass,
  HandHeart,
  LayoutDashboard,
  ListChecks,
  Settings,
  Sunrise,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { cn, displayName, formatRole, nameInitials } from '@/lib/utils';
import { BrandLink } from './brand';
import type { ShellUser } from './shell-user';

interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The sidebar destinations, in the spec's order and with its labels (spec-1 §2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', href: paths.app.dashboard.getHref(), icon: LayoutDashboard },
  { label: 'Pray', href: paths.app.pray.getHref(), icon: Sunrise },
  { label: 'My Journals', href: paths.app.journals.getHref(), icon: BookOpen },
  { label: 'Prayer Points', href: paths.app.prayers.getHref(), icon: ListChecks },
  { label: 'Prayer Requests', href: paths.app.prayerRequests.getHref(), icon: HandHeart },
  { label: 'Discover', href: paths.app.discover.getHref(), icon: Compass },
  { label: 'Friends', href: paths.app.friends.getHref(), icon: Users },
  { label: 'Prayer Groups', href: paths.app.prayerGroups.getHref(), icon: UsersRound },
  { label: 'Settings', href: paths.app.settings.getHref(), icon: Settings },
];

/**
 * The sidebar's content, shared by the desktop column and the mobile slide-in.
 * An item is highlighted only when the current path equals its path exactly.
 */
export function AppSidebar({
  user,
  onNavigate,
}: {
  user: ShellUser | null;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const name = displayName(user ?? {}, user?.email ?? '');
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center border-b px-4">
        <BrandLink {...(onNavigate ? { onClick: onNavigate } : {})} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {NAV_ITEMS.map(({ label, href, icon: Icon }) => {
            const active = pathname === href;
            return (
              <li key={href}>
                <Link
                  to={href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    active &&
                      'bg-secondary text-secondary-foreground hover:bg-secondary hover:text-secondary-foreground',
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex items-center gap-3 border-t p-4" data-testid="sidebar-user">
        <Avatar className="size-9">
          {user?.profilePicture && (
            <AvatarImage src={user.profilePicture} alt="" referrerPolicy="no-referrer" />
          )}
          <AvatarFallback>{nameInitials(name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{name}</p>
          {name !== user?.email && (
            <p className="truncate text-xs text-muted-foreground">{user?.email}</p>
          )}
          <p className="text-xs text-muted-foreground">{formatRole(user?.role)}</p>
        </div>
      </div>
    </div>
  );
}
