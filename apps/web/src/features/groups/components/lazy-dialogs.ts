import { lazyDialog } from '@/components/dialogs/lazy-dialog';

/** The prayer groups' dialogs, each loaded when first opened (ADR 032). */
export const CreateGroupDialog = lazyDialog(() =>
  import('./create-group-dialog').then((m) => m.CreateGroupDialog),
);

export const EditGroupDialog = lazyDialog(() =>
  import('./edit-group-dialog').then((m) => m.EditGroupDialog),
);

export const InviteFriendsDialog = lazyDialog(() =>
  import('./invite-friends-dialog').then((m) => m.InviteFriendsDialog),
);

export const DeleteGroupDialog = lazyDialog(() =>
  import('./delete-group-dialog').then((m) => m.DeleteGroupDialog),
);

export const LeaveGroupDialog = lazyDialog(() =>
  import('./leave-group-dialog').then((m) => m.LeaveGroupDialog),
);
