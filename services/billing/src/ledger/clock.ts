/** Where the ledger gets "now" from: the system clock in production, a hand-driven one in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
