// Calendar arithmetic on `YYYY-MM-DD` dates, the way the contract counts them. Pure; no SQL.

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Today's date in UTC. */
export const todayUtc = (): string => utcDay(new Date());

/** Age in whole years on `day`: a birthday counts from its own date (29 February from 1 March in other years). */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** The later of two dates (ISO dates compare as text). */
export const laterOf = (a: string, b: string): string => (a >= b ? a : b);
