/** A calendar date ('YYYY-MM-DD') `days` later (earlier when negative); read in UTC: a day, not an instant. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
