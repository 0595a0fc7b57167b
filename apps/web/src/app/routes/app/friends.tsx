import { FriendsPage } from '@/features/friends/components/friends-page';

export default function FriendsRoute() {
  return (
    <>
      <title>Friends · Selah</title>
      <FriendsPage />
    </>
  );
}
