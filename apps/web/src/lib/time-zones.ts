import { TIME_ZONES } from '@selah/shared/schemas/settings';
import { acceptedTimeZoneName, TIME_ZONE_NAMES } from '@selah/shared/time-zones';

/**
 * This device's time zone under the name Selah accepts ('Asia/Calcutta', an older spelling some
 * browsers report, is 'Asia/Kolkata'), or null when it is none Selah accepts (ADR 057).
 */
export function deviceTimeZone(): string | null {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? acceptedTimeZoneName(zone) : null;
  } catch {
    return null;
  }
}

/** A zone as the picker shows it. */
export interface TimeZoneOption {
  /** The IANA name, as saved. */
  value: string;
  /** The place: 'Lagos', 'Buenos Aires (Argentina)', 'UTC'. */
  place: string;
  /** The group it is listed under: 'Africa', 'Americas', 'UTC and GMT'. */
  region: string;
  /** The spec's name for it ('Eastern Time'), when it is one of the six. */
  specName: string | undefined;
  /** What a search matches: the place, the name, the spec's name and the region, folded. */
  searchText: string;
}

const REGION_NAMES: Record<string, string> = {
  America: 'Americas',
  Indian: 'Indian Ocean',
  Atlantic: 'Atlantic',
  Pacific: 'Pacific',
  Etc: 'UTC and GMT',
  UTC: 'UTC and GMT',
};

/** Lower case without accents or underscores, so 'sao paulo' finds 'São Paulo'. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[_/]/g, ' ')
    .toLowerCase();
}

function placeOf(zone: string): string {
  if (zone === 'Etc/UTC') return 'UTC (Etc)';
  if (zone === 'Etc/GMT') return 'GMT';
  const parts = zone.split('/').map((part) => part.replace(/_/g, ' '));
  if (parts.length === 1) return parts[0]!;
  const city = parts[parts.length - 1]!;
  return parts.length > 2 ? `${city} (${parts[1]})` : city;
}

const SPEC_NAMES = new Map<string, string>(TIME_ZONES.map((zone) => [zone.value, zone.label]));

let cached: TimeZoneOption[] | null = null;

/**
 * Every zone Selah accepts (the shared list the server checks against: never one it refuses),
 * by region and then by place. No `Intl` here (no offsets): a formatter per zone would take
 * seconds to build in a browser.
 */
export function timeZoneOptions(): TimeZoneOption[] {
  if (cached) return cached;
  cached = TIME_ZONE_NAMES.map((value) => {
    const top = value.split('/')[0]!;
    const region = REGION_NAMES[top] ?? top;
    const place = placeOf(value);
    const specName = SPEC_NAMES.get(value);
    return {
      value,
      place,
      region,
      specName,
      searchText: foldForSearch([place, value, specName ?? '', region].join(' ')),
    };
  }).sort((a, b) => {
    const utcFirst = Number(b.region === 'UTC and GMT') - Number(a.region === 'UTC and GMT');
    return utcFirst || a.region.localeCompare(b.region) || a.place.localeCompare(b.place);
  });
  return cached;
}

/** The option for a zone name (a stored name not in the list gets one of its own). */
export function timeZoneOption(value: string): TimeZoneOption {
  return (
    timeZoneOptions().find((option) => option.value === value) ?? {
      value,
      place: value,
      region: 'Other',
      specName: undefined,
      searchText: foldForSearch(value),
    }
  );
}

/** How a zone is named in a sentence: the spec's name for one of the six, else its IANA name. */
export function timeZoneLabel(value: string): string {
  return timeZoneOption(value).specName ?? value;
}
