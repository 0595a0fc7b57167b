import { lazyDialog } from '@/components/dialogs/lazy-dialog';
import type { CreateGroupDialog as CreateGroup } from './create-group-dialog';
import type { DeleteGroupDialog as DeleteGroup } from './delete-group-dialog';
import type { EditGroupDialog as EditGroup } from './edit-group-dialog';
import type { InviteFriendsDialog as InviteFriends } from './invite-friends-dialog';
import type { LeaveGroupDialog as LeaveGroup } from './leave-group-dialog';

/** The prayer groups' dialogs, each loaded when first opened (ADR 032). */
export const CreateGroupDialog = lazyDialog<React.ComponentProps<typeof CreateGroup>>(
  () => import('./create-group-dialog').then((m) => m.CreateGroupDialog),
  (props) => props.open,
);

export const EditGroupDialog = lazyDialog<React.ComponentProps<typeof EditGroup>>(
  () => import('./edit-group-dialog').then((m) => m.EditGroupDialog),
  (props) => props.open,
);

export const InviteFriendsDialog = lazyDialog<React.ComponentProps<typeof InviteFriends>>(
  () => import('./invite-friends-dialog').then((m) => m.InviteFriendsDialog),
  (props) => props.open,
);

export const DeleteGroupDialog = lazyDialog<React.ComponentProps<typeof DeleteGroup>>(
  () => import('./delete-group-dialog').then((m) => m.DeleteGroupDialog),
  (props) => props.open,
);

export const LeaveGroupDialog = lazyDialog<React.ComponentProps<typeof LeaveGroup>>(
  () => import('./leave-group-dialog').then((m) => m.LeaveGroupDialog),
  (props) => props.open,
);
