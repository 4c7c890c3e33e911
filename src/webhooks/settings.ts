// The webhook settings an instance runs with, read from the environment by src/config.ts.

export interface WebhookConfig {
  /** Attempts in flight at once in this instance; 0: this instance delivers no webhooks. */
  concurrency: number;
  /** The fallback poll of the delivery worker, beside NOTIFY. */
  pollMs: number;
  /** Endpoints may be http (development only). */
  allowHttp: boolean;
  /** Address ranges (CIDR) exempt from the refusal of the special-purpose ranges. */
  allowAddresses: string[];
  /** The percentage of `concurrency` one workspace's endpoints may hold at once (at least one slot). */
  workspaceShare: number;
  /** Endpoints one workspace may have. */
  endpointsMax: number;
}
