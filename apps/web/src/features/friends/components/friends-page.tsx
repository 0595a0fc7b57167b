import type { Friend, FriendRequest } from '@selah/shared/schemas/friends';
import { UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoadError } from '@/components/errors/page-states';
import { SearchInput } from '@/components/forms/search-input';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSetSearchParam } from '@/hooks/use-set-search-param';
import { displayName } from '@/lib/utils';
import { useFriendRequests } from '../api/get-friend-requests';
import { useFriends } from '../api/get-friends';
import { useNow } from '../hooks/use-now';
import { isOnline } from '../utils/presence';
import { AddFriendDialog, type AddFriendFocus } from './add-friend-dialog';
import { FriendCard } from './friend-card';
import { IncomingRequestCard, OutgoingRequestCard } from './friend-request-card';
import { InviteFriendsCard } from './invite-friends-card';
import { SuggestedFriendsCard } from './suggested-friends-card';

export const LOAD_FRIENDS_ERROR = 'Failed to load friends data. Please try again.';
/** Online dots follow the clock: recomputed every 30 seconds. */
const PRESENCE_TICK_MS = 30_000;

type FriendsTab = 'all' | 'online' | 'requests';
const TABS: readonly FriendsTab[] = ['all', 'online', 'requests'];
const isTab = (value: string | null): value is FriendsTab => TABS.some((tab) => tab === value);

function matches(friend: Friend, query: string) {
  if (!query) return true;
  const haystack =
    `${displayName(friend, friend.email)} ${friend.email} ${friend.username}`.toLowerCase();
  return haystack.includes(query.toLowerCase());
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-xl border p-4">
          <Skeleton className="size-11 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

function FriendList({ friends, now, empty }: { friends: Friend[]; now: number; empty: string }) {
  if (friends.length === 0) return <Empty>{empty}</Empty>;
  return (
    <div className="@container">
      <ul className="grid gap-3 @2xl:grid-cols-2" aria-label="Friends">
        {friends.map((friend) => (
          <li key={friend._id} className="grid">
            <FriendCard friend={friend} now={now} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function RequestLists({
  incoming,
  outgoing,
}: {
  incoming: FriendRequest[];
  outgoing: FriendRequest[];
}) {
  return (
    <div className="grid gap-6">
      {incoming.length === 0 ? (
        <Empty>No pending friend requests.</Empty>
      ) : (
        <ul className="grid gap-3" aria-label="Friend requests">
          {incoming.map((request) => (
            <li key={request._id} className="grid">
              <IncomingRequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
      {outgoing.length > 0 && (
        <section aria-labelledby="sent-requests-heading" className="grid gap-3">
          <h2 id="sent-requests-heading" className="text-sm font-semibold text-muted-foreground">
            Sent requests ({outgoing.length})
          </h2>
          <ul className="grid gap-3" aria-label="Sent requests">
            {outgoing.map((request) => (
              <li key={request._id} className="grid">
                <OutgoingRequestCard request={request} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * The Friends page (spec-2 "/friends"): search, All / Online / Requests tabs (`?tab=requests`
 * opens the requests, as notifications link there), the Invite Friends box with the user's real
 * invite link, Suggested Friends and the Add Friend dialog.
 */
export function FriendsPage() {
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const rawTab = params.get('tab');
  const tab: FriendsTab = isTab(rawTab) ? rawTab : 'all';
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<AddFriendFocus | null>(null);
  const now = useNow(PRESENCE_TICK_MS);

  const friends = useFriends();
  const incoming = useFriendRequests('incoming');
  const outgoing = useFriendRequests('outgoing');

  const search = query.trim();
  const shown = friends.data?.filter((friend) => matches(friend, search)) ?? [];
  const online = shown.filter((friend) => isOnline(friend.lastActive, now));

  const setTab = (value: string) => setParam('tab', value === 'all' ? undefined : value);

  const label = (text: string, count: number | undefined) =>
    count === undefined ? text : `${text} (${count})`;

  const failed = friends.isError || incoming.isError || outgoing.isError;
  const loading = friends.isPending || incoming.isPending || outgoing.isPending;
  const retry = () => {
    if (friends.isError) void friends.refetch();
    if (incoming.isError) void incoming.refetch();
    if (outgoing.isError) void outgoing.refetch();
  };

  let content: (value: FriendsTab) => ReactNode;
  if (failed) {
    content = () => <ListLoadError message={LOAD_FRIENDS_ERROR} onRetry={retry} />;
  } else if (loading) {
    content = () => (
      <>
        <span className="sr-only" role="status">
          Loading friends...
        </span>
        <ListSkeleton />
      </>
    );
  } else {
    content = (value) =>
      value === 'all' ? (
        <FriendList friends={shown} now={now} empty="No friends found." />
      ) : value === 'online' ? (
        <FriendList friends={online} now={now} empty="No online friends found." />
      ) : (
        <RequestLists incoming={incoming.data ?? []} outgoing={outgoing.data ?? []} />
      );
  }

  return (
    <>
      <PageHeader
        title="Friends"
        description="The people you pray with."
        actions={
          <Button onClick={() => setDialog('search')}>
            <UserPlus aria-hidden="true" />
            Add Friend
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-4">
          <SearchInput
            aria-label="Search friends"
            placeholder="Search friends..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Friends" className="w-full sm:w-fit">
              <TabsTrigger value="all">
                {label('All Friends', friends.data ? shown.length : undefined)}
              </TabsTrigger>
              <TabsTrigger value="online">
                {label('Online', friends.data ? online.length : undefined)}
              </TabsTrigger>
              <TabsTrigger value="requests">{label('Requests', incoming.data?.length)}</TabsTrigger>
            </TabsList>
            {TABS.map((value) => (
              <TabsContent key={value} value={value} className="pt-2">
                {tab === value && content(value)}
              </TabsContent>
            ))}
          </Tabs>
        </div>
        <aside className="grid content-start gap-4" aria-label="Invite and suggestions">
          <InviteFriendsCard onInviteByEmail={() => setDialog('email')} />
          <SuggestedFriendsCard />
        </aside>
      </div>
      <AddFriendDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        initialFocus={dialog ?? 'search'}
      />
    </>
  );
}
