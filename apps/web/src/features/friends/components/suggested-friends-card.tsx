import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { useFriendSuggestions } from '../api/get-friend-suggestions';
import { AddFriendButton } from './add-friend-button';
import { displayName } from '@/lib/utils';

export function mutualFriendsText(count: number) {
  return count === 1 ? '1 mutual friend' : `${count} mutual friends`;
}

/** 'Suggested Friends': friends of friends (and other people the user may know), with Add. */
export function SuggestedFriendsCard() {
  const suggestions = useFriendSuggestions();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Suggested Friends</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {suggestions.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            <span className="sr-only" role="status">
              Loading suggestions...
            </span>
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-24" />
                  <Skeleton className="h-3 w-20" />
                </div>
              </div>
            ))}
          </div>
        ) : suggestions.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-destructive">Suggestions could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void suggestions.refetch()}>
              Try again
            </Button>
          </div>
        ) : suggestions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No friend suggestions found.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Suggested friends">
            {suggestions.data.map((person) => (
              <li key={person._id} className="flex items-center gap-3">
                <PersonAvatar name={displayName(person)} src={person.avatar} className="size-9" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{displayName(person)}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    @{person.username} · {mutualFriendsText(person.mutualFriends)}
                  </p>
                </div>
                <AddFriendButton user={person} errorTitle="Error sending request" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
