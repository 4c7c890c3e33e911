import postgres, { type Sql } from 'postgres';

export type { Sql };

/**
 * One pool per process. bigint columns stay decimal strings (the contract's identifiers) and
 * dates stay `YYYY-MM-DD` text; timestamps become Dates, which JSON writes as RFC 3339 with ms.
 */
export function createPool(url: string, max: number): Sql {
  return postgres(url, {
    max,
    connect_timeout: 2,
    idle_timeout: 60,
    onnotice: () => {},
    types: {
      date: { to: 1082, from: [1082], serialize: (value: string) => value, parse: (value: string) => value },
    },
    connection: { application_name: 'partner-service' },
  });
}
