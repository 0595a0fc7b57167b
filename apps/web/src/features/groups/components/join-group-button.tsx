import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useJoinGroup } from '../api/join-group';

/**
 * Joins a group (a public one, or one the user was invited to), with the success and failure
 * toasts. In lists (`inList`) the button reads 'Join' and is named after its group.
 */
export function JoinGroupButton({
  group,
  inList = true,
  className,
}: {
  group: Pick<PrayerGroup, '_id' | 'name'>;
  inList?: boolean;
  className?: string;
}) {
  const join = useJoinGroup();

  // A promise rather than mutate's callbacks: once joined, this button gives way to a 'Member'
  // badge, and callbacks of an unmounted component never run.
  const onJoin = () =>
    join.mutateAsync(group._id).then(
      () =>
        toast.success('Joined prayer group', {
          description: `You are now a member of "${group.name}".`,
        }),
      (error: unknown) =>
        toast.error('Failed to join group', { description: getErrorMessage(error) }),
    );

  return (
    <Button
      size={inList ? 'sm' : 'default'}
      className={className}
      disabled={join.isPending}
      onClick={() => void onJoin()}
      aria-label={inList ? `Join ${group.name}` : undefined}
    >
      <UserPlus aria-hidden="true" />
      {join.isPending ? 'Joining...' : inList ? 'Join' : 'Join Group'}
    </Button>
  );
}
