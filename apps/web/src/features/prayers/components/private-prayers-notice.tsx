import { PRIVATE_PRAYERS_LISTED } from '@selah/shared/schemas/prayers';
import { Eye, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { toast } from '@/lib/toast';
import { usePrivatePrayers, useShowPrayers } from '../api/private-prayers';
import { CategoryBadge } from './prayer-card';

/** Who would not see the private prayers, in the words of where the notice is. */
export type PrivateAudience = 'share' | 'group' | 'journal';

const COUNT = (n: number) => `${n} private ${n === 1 ? 'prayer' : 'prayers'}`;

function whoSees(audience: PrivateAudience, n: number) {
  const them = n === 1 ? 'it' : 'them';
  switch (audience) {
    case 'share':
      return `Friends you share this journal with will not see ${them}.`;
    case 'group':
      return `The group's members will not see ${them}.`;
    case 'journal':
      return `Only you see ${them}; the journal's members and readers do not.`;
  }
}

/**
 * Says how many of the owner's journal's prayers are private, so who it is shared with sees
 * none of them, and offers to make chosen ones visible (issue 29 §2): in the share dialog, the
 * group-create dialog and on the journal page. Nothing shows while it loads, when it cannot
 * load, or when no prayer is private.
 */
export function PrivatePrayersNotice({
  journalId,
  audience,
  className,
}: {
  journalId: string;
  audience: PrivateAudience;
  className?: string;
}) {
  const id = useId();
  const privatePrayers = usePrivatePrayers(journalId);
  const show = useShowPrayers();
  const [choosing, setChoosing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const total = privatePrayers.data?.total ?? 0;
  if (total === 0) return null;
  const listed = privatePrayers.data?.data ?? [];

  const toggle = (prayerId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(prayerId);
    else next.delete(prayerId);
    setSelected(next);
  };

  const onShow = () => {
    if (selected.size === 0) {
      toast.error('No prayer selected', {
        description: 'Please choose at least one prayer to show.',
      });
      return;
    }
    show.mutate(
      { journal: journalId, prayerIds: [...selected] },
      {
        onSuccess: ({ shown }) => {
          toast.success('Prayers made visible', {
            description: `${shown} ${shown === 1 ? 'prayer' : 'prayers'} can now be seen by the journal's readers.`,
          });
          setSelected(new Set());
          setChoosing(false);
        },
        onError: (error) =>
          toast.error('Failed to make prayers visible', {
            description: getErrorMessage(
              error,
              'There was an error changing your prayers. Please try again.',
            ),
          }),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-count`}
      data-testid="private-prayers-notice"
      className={cn(
        'grid gap-3 rounded-lg border border-dashed bg-muted/40 p-3 text-sm',
        className,
      )}
    >
      <div className="grid justify-items-start gap-3">
        <p className="flex min-w-0 gap-2">
          <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <strong id={`${id}-count`} className="font-medium">
              {COUNT(total)}
            </strong>{' '}
            <span className="text-muted-foreground">
              in this journal. {whoSees(audience, total)}
            </span>
          </span>
        </p>
        {!choosing && (
          <Button type="button" size="sm" variant="outline" onClick={() => setChoosing(true)}>
            <Eye aria-hidden="true" />
            Choose prayers to show
          </Button>
        )}
      </div>
      {choosing && (
        <div className="grid gap-3">
          <ul
            aria-label="Private prayers"
            className="-mx-1 grid max-h-56 gap-1 overflow-y-auto px-1"
          >
            {listed.map((prayer) => {
              const checkboxId = `${id}-${prayer._id}`;
              return (
                <li key={prayer._id}>
                  <label
                    htmlFor={checkboxId}
                    className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-accent"
                  >
                    <Checkbox
                      id={checkboxId}
                      checked={selected.has(prayer._id)}
                      onCheckedChange={(checked) => toggle(prayer._id, checked === true)}
                    />
                    <span className="min-w-0 flex-1 font-medium">{prayer.title}</span>
                    <CategoryBadge category={prayer.category} />
                  </label>
                </li>
              );
            })}
          </ul>
          {total > listed.length && (
            <p className="text-xs text-muted-foreground">
              The newest {PRIVATE_PRAYERS_LISTED} are listed; edit the others one by one.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            <p className="text-muted-foreground sm:mr-auto" aria-live="polite">
              {selected.size === 0 ? 'None selected yet.' : `${selected.size} selected`}
            </p>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setChoosing(false);
                setSelected(new Set());
              }}
            >
              Cancel
            </Button>
            <Button type="button" size="sm" disabled={show.isPending} onClick={onShow}>
              {show.isPending ? 'Saving...' : 'Make visible'}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
