import { UserRound } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn, nameInitials } from '@/lib/utils';

/**
 * A round picture of a person, or their initials (also when the picture does not load, e.g. a
 * photo no longer shown to the user). Someone whose profile is `hidden` gets a plain figure.
 */
export function PersonAvatar({
  name,
  src,
  hidden = false,
  className,
}: {
  name: string;
  src: string | null;
  hidden?: boolean;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-10', className)}>
      {src && !hidden && <AvatarImage src={src} alt="" referrerPolicy="no-referrer" />}
      <AvatarFallback>
        {hidden ? <UserRound className="size-1/2" aria-hidden="true" /> : nameInitials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
