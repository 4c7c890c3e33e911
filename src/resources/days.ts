// Calendar days are UTC days throughout the contract (deadlines, match days, sanctions).

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);
