import type { Helper, ISql, ParameterOrFragment, PendingQuery, Row } from 'postgres';

/**
 * The database as a read sees it: queries, fragments and identifier helpers, nothing that opens
 * a transaction (`begin`), holds a connection (`reserve`) or runs unchecked text (`unsafe`). A
 * pool, a transaction and a reserved connection are each one. The read pool behind it is
 * read-only besides (`readOnlyPool`): Postgres itself refuses a write that a cast gets past.
 */
export interface ReadSql extends Omit<ISql, 'unsafe' | 'notify' | 'file'> {
  <T extends readonly (object | undefined)[] = Row[]>(template: TemplateStringsArray, ...parameters: readonly ParameterOrFragment<never>[]): PendingQuery<T>;
  (identifiers: string | readonly string[]): Helper<string>;
}
