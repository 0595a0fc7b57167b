import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { LOAD_GROUP_FAILED, useGroup } from '@/features/groups/api/get-group';
import { GroupHeader } from '@/features/groups/components/group-header';
import { GroupInvitationsCard } from '@/features/groups/components/group-invitations-card';
import { GroupManageCard } from '@/features/groups/components/group-manage-card';
import { GroupMembersCard } from '@/features/groups/components/group-members-card';
import {
  GroupLoadError,
  GroupNotFound,
  GroupPageSkeleton,
} from '@/features/groups/components/group-page-states';
import { GroupPrayersSection } from '@/features/groups/components/group-prayers-section';
import { LeaveGroupDialog } from '@/features/groups/components/lazy-dialogs';
import { useErrorToast } from '@/hooks/use-error-toast';
import { canManageGroup } from '@/features/groups/utils/group-text';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

/** 404, and 400 for an id that is not even well-formed: either way there is no such group. */
function isMissing(error: unknown) {
  return isApiError(error, 404) || isApiError(error, 400);
}

/**
 * /prayer-groups/:id: one group, its prayers and members, the Manage area (admins and the
 * journal's owner) and the admins' pending invitations.
 */
export default function PrayerGroupRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useAuthStore((state) => state.user?._id);
  const group = useGroup(id);
  const [leaveOpen, setLeaveOpen] = useState(false);

  const loadError = group.isError && !group.data ? group.error : null;
  useErrorToast(loadError && !isMissing(loadError) ? loadError : null, 'Error', LOAD_GROUP_FAILED);

  if (group.isPending) return <GroupPageSkeleton />;
  if (loadError) {
    return isMissing(loadError) ? (
      <>
        <title>Prayer Group Not Found · Selah</title>
        <GroupNotFound />
      </>
    ) : (
      <GroupLoadError
        message={getErrorMessage(loadError, LOAD_GROUP_FAILED)}
        onRetry={() => void group.refetch()}
      />
    );
  }

  const data = group.data;
  if (!data) return <GroupNotFound />;
  const toList = () => void navigate(paths.app.prayerGroups.getHref(), { replace: true });

  return (
    <>
      <title>{`${data.name} · Selah`}</title>
      <GroupHeader
        group={data}
        // Back to where the user came from; straight to the list when the page was opened directly.
        onBack={() =>
          location.key === 'default'
            ? void navigate(paths.app.prayerGroups.getHref())
            : void navigate(-1)
        }
        onLeave={() => setLeaveOpen(true)}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0">
          <GroupPrayersSection group={data} />
        </div>
        {/* First on small screens: the prayers below load on and on as the user scrolls. */}
        <aside
          className="order-first grid min-w-0 gap-4 lg:order-none"
          aria-label="About this group"
        >
          {canManageGroup(data) && <GroupManageCard group={data} onDeleted={toList} />}
          <GroupMembersCard group={data} currentUserId={userId} />
          {data.userIsAdmin && <GroupInvitationsCard group={data} />}
        </aside>
      </div>
      <LeaveGroupDialog
        group={data}
        open={leaveOpen}
        onOpenChange={setLeaveOpen}
        // A private group disappears for someone who left it.
        onLeft={() => {
          if (!data.isPublic) toList();
        }}
      />
    </>
  );
}
