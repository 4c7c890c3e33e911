// Yearly numbers `YYYY-NNNNNN`, one generator for invoices (per club and calendar year of issue,
// UTC) and licenses (per federation and starting year of the season). Each numbering has a counter
// row per owner and year, bounded by the same CHECK (sql/00011_billing.sql, sql/00017_yearly_numbers.sql).
import { ApiError } from '../errors.js';
import type { Unit } from './unit.js';

/** Six digits: the most numbers one owner can draw in one year. */
export const maxSequence = 999_999;

/** The UTC calendar day of an instant: the day an invoice is issued on. */
export { utcDay } from './calendar.js';

/** The year whose numbering a day (`YYYY-MM-DD`) takes its number from. */
export function numberingYear(day: string): number {
  const year = Number(day.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || year < 1) throw new RangeError(`${day} is not a day of years 0001-9999`);
  return year;
}

export function formatYearlyNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`year ${year} has no four-digit number`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > maxSequence) throw new RangeError(`sequence ${sequence} is outside 1-${maxSequence}`);
  return `${String(year).padStart(4, '0')}-${String(sequence).padStart(6, '0')}`;
}

interface Numbering {
  /** The counter table: (owner, year) primary key, federation_id, last_number. */
  table: 'invoice_counters' | 'license_numbers';
  /** Whose numbering it is: the unit's club or its federation. */
  owner: 'club' | 'federation';
  noun: string;
}

export const invoiceNumbering: Numbering = { table: 'invoice_counters', owner: 'club', noun: 'invoice' };
export const licenseNumbering: Numbering = { table: 'license_numbers', owner: 'federation', noun: 'license' };

/**
 * The next number of the owner's year. The counter row is incremented in the unit's transaction
 * and stays locked until it ends: concurrent draws queue for it, and a rollback returns the
 * number with the increment, so none is skipped or shared. A year whose last number was drawn
 * is 409 `conflict`, and the counter stays where it was.
 */
export async function drawYearlyNumber(unit: Unit, numbering: Numbering, year: number): Promise<string> {
  const { sql, workspace } = unit;
  const ownerColumn = `${numbering.owner}_id`;
  const ownerId = numbering.owner === 'federation' ? workspace.federationId : workspace.id;
  const values = { federation_id: workspace.federationId, [ownerColumn]: ownerId, year, last_number: 1 };
  const counter = sql(numbering.table);
  const key = [...new Set(['federation_id', ownerColumn])];
  // No `as` alias: postgres.js would read the values helper after it as a select list.
  const [row] = await sql<{ last_number: number }[]>`
    insert into ${counter} ${sql(values)}
    on conflict (${sql(key)}, year) do update set last_number = ${counter}.last_number + 1
    where ${counter}.last_number < ${maxSequence}
    returning last_number`;
  if (!row) throw new ApiError('conflict', `the ${numbering.owner} has issued all ${maxSequence} ${numbering.noun} numbers of ${year}`);
  return formatYearlyNumber(year, row.last_number);
}
