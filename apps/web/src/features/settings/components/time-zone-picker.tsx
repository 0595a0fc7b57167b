import { CheckIcon, ChevronsUpDown, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import type { FieldControlProps } from '@/components/ui/form-field';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  foldForSearch,
  timeZoneOption,
  timeZoneOptions,
  type TimeZoneOption,
} from '@/lib/time-zones';
import { cn } from '@/lib/utils';

interface TimeZonePickerProps {
  control: FieldControlProps;
  value: string;
  /** Called when the person picks a zone (also the one already shown: a choice all the same). */
  onPick: (zone: string) => void;
  /** This device's zone, listed first. */
  deviceZone: string | null;
  onBlur?: () => void;
}

interface Group {
  label: string;
  options: TimeZoneOption[];
  /** The index of its first option in the whole list (the keyboard's position). */
  start: number;
}

/** The groups a search shows: this device's zone first, then every region's matches. */
function groupsFor(query: string, deviceZone: string | null): Group[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  const matches = (option: TimeZoneOption) =>
    words.every((word) => option.searchText.includes(word));
  const groups: Group[] = [];
  let count = 0;
  if (deviceZone) {
    const device = timeZoneOption(deviceZone);
    if (matches(device)) {
      groups.push({ label: 'This device', options: [device], start: 0 });
      count = 1;
    }
  }
  for (const option of timeZoneOptions()) {
    if (!matches(option)) continue;
    const last = groups[groups.length - 1];
    if (last && last.label === option.region) last.options.push(option);
    else groups.push({ label: option.region, options: [option], start: count });
    count += 1;
  }
  return groups;
}

/**
 * A searchable list of every time zone Selah accepts (ADR 057): by place, IANA name, region
 * or the spec's names ('Eastern Time'), this device's zone first. The search box is a
 * combobox over a listbox: arrows move, Enter picks, Escape closes.
 */
export function TimeZonePicker({
  control,
  value,
  onPick,
  deviceZone,
  onBlur,
}: TimeZonePickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => groupsFor(query, deviceZone), [query, deviceZone]);
  const flat = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  const current = timeZoneOption(value);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setQuery('');
      const start = groupsFor('', deviceZone).flatMap((group) => group.options);
      setActive(
        Math.max(
          0,
          start.findIndex((option) => option.value === value),
        ),
      );
    } else {
      onBlur?.();
    }
  };

  const moveTo = (index: number) => {
    if (flat.length === 0) return;
    const next = Math.min(Math.max(index, 0), flat.length - 1);
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  const pick = (option: TimeZoneOption | undefined) => {
    if (!option) return;
    onPick(option.value);
    openChange(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const page = 8;
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(flat[active]);
    }
  };

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          {...control}
          className={cn(
            'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-xs transition-[color,box-shadow] outline-none',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
            'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          )}
        >
          <span className="min-w-0 truncate">
            {current.specName ? `${current.specName} · ` : ''}
            {current.value}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        className="w-(--radix-popover-trigger-width) max-w-[calc(100vw-2rem)] min-w-72 p-0"
        onOpenAutoFocus={(event) => {
          // The search box takes the focus; the active option is scrolled into view.
          event.preventDefault();
          const input = (event.currentTarget as HTMLElement).querySelector('input');
          input?.focus();
          document.getElementById(optionId(active))?.scrollIntoView({ block: 'center' });
        }}
      >
        <div className="flex items-center gap-2 border-b px-3">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <input
            role="combobox"
            aria-label="Search time zones"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={flat[active] ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search by city, region or name"
            className="h-10 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              if (listRef.current) listRef.current.scrollTop = 0;
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Time zones"
          className="max-h-72 overflow-y-auto overscroll-contain p-1"
        >
          {flat.length === 0 && (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">
              No time zone matches “{query}”.
            </p>
          )}
          {groups.map((group) => (
            <div key={group.label} role="group" aria-label={group.label}>
              <div
                aria-hidden="true"
                className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground"
              >
                {group.label}
              </div>
              {group.options.map((option, n) => {
                const at = group.start + n;
                const selected = option.value === value;
                return (
                  <div
                    key={`${group.label}-${option.value}`}
                    id={optionId(at)}
                    role="option"
                    aria-selected={selected}
                    data-active={at === active || undefined}
                    className={cn(
                      'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none',
                      'data-[active]:bg-accent data-[active]:text-accent-foreground',
                    )}
                    // The search box keeps the focus (aria-activedescendant); a click picks.
                    tabIndex={-1}
                    onPointerMove={() => setActive(at)}
                    onClick={() => pick(option)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') pick(option);
                    }}
                  >
                    <CheckIcon
                      className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate">
                        {option.place}
                        {option.specName && option.specName !== option.place && (
                          <span className="text-muted-foreground"> · {option.specName}</span>
                        )}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {option.value}
                      </span>
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
