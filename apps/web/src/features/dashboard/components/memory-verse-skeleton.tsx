import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Same height as the loaded card, so nothing jumps when the verse arrives. */
export function MemoryVerseSkeleton() {
  return (
    <Card className="gap-4" aria-hidden="true" data-slot="memory-verse-skeleton">
      <CardHeader>
        <Skeleton className="h-5 w-32" />
      </CardHeader>
      <CardContent className="grid gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-24" />
      </CardContent>
    </Card>
  );
}
