import { SearchInput } from '@/components/forms/search-input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/utils';

const ALL_CATEGORIES = 'all';

/**
 * A list's search box with its category filter ('All Categories' or one of `categories`;
 * `undefined` is all). `className` places the bar (its width in a layout).
 */
export function SearchAndCategoryBar({
  search,
  onSearchChange,
  searchLabel,
  searchPlaceholder,
  category,
  categories,
  onCategoryChange,
  className,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  category: string | undefined;
  categories: readonly string[];
  onCategoryChange: (category: string | undefined) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row sm:items-center', className)}>
      <SearchInput
        className="flex-1"
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Select
        value={category ?? ALL_CATEGORIES}
        onValueChange={(value) => onCategoryChange(value === ALL_CATEGORIES ? undefined : value)}
      >
        <SelectTrigger aria-label="Filter by category" className="w-full sm:w-52">
          {/* Named here, not left to the selected item: the item only says it once the list
              has mounted in the browser, so a server-rendered page would show it empty. */}
          <SelectValue>{category ?? 'All Categories'}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_CATEGORIES}>All Categories</SelectItem>
          {categories.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
