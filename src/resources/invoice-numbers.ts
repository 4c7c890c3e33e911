// Invoice numbers `YYYY-NNNNNN`: per club and calendar year (UTC), the sequence drawn from the
// club's counter row for the year (invoices.ts). Pure: the clock is always passed in.

/** Six digits: the most invoices one club can issue in one year. */
export const maxSequence = 999_999;

/** The UTC calendar day of an instant: the day an invoice is issued on. */
export { utcDay } from './calendar.js';

/** The year whose numbering an invoice issued on `day` (`YYYY-MM-DD`) takes its number from. */
export function numberingYear(day: string): number {
  const year = Number(day.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || year < 1) throw new RangeError(`${day} is not a day of years 0001-9999`);
  return year;
}

export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`year ${year} has no four-digit number`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > maxSequence) throw new RangeError(`sequence ${sequence} is outside 1-${maxSequence}`);
  return `${String(year).padStart(4, '0')}-${String(sequence).padStart(6, '0')}`;
}
