import { or, sql, type Column, type SQL } from 'drizzle-orm';
import { likePattern } from './cursor.ts';

/**
 * Combining marks (accents, the dot under Ṣ, …) as a regular-expression class: what NFKD splits
 * off a letter and search leaves out.
 */
const COMBINING_MARKS =
  '[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]';

/**
 * Text as search compares it: lower case, compatibility-decomposed (NFKD: 'ﬁ' is 'fi', 'Ṣ' is 'S'
 * and a dot below) and without combining marks, so "sade" matches "Ṣadé". Built from PostgreSQL's
 * own immutable functions (`normalize` since 13), so it works the same on PostgreSQL and PGlite,
 * which has no `unaccent` (ADR 061). `lower` runs before (for the letters it folds only whole) and
 * after (for the base letters the decomposition uncovers).
 */
export function foldedForSearch(text: Column | SQL): SQL<string> {
  return sql<string>`lower(regexp_replace(normalize(lower(${text}), NFKD), ${sql.raw(`'${COMBINING_MARKS}'`)}, '', 'g'))`;
}

/**
 * Whether any of `columns` contains `search`, ignoring case and accents (issue 29 §5). The
 * pattern is folded the same way in SQL, so both sides agree whatever the database's locale; its
 * LIKE wildcards are escaped first (folding leaves `\`, `%` and `_` as they are).
 */
export function textMatches(search: string, ...columns: (Column | SQL)[]): SQL {
  const pattern = foldedForSearch(sql`${likePattern(search)}::text`);
  return or(...columns.map((column) => sql`${foldedForSearch(column)} like ${pattern}`))!;
}
