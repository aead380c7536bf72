import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_TYPES } from '../events/outbox';
import type { SandboxClient } from './client';

/** How often the event log is read, ms. */
export const LISTEN_POLL_MS = 300;
/** Most events whose delivery status is followed; older ones are forgotten. */
const MAX_FOLLOWED = 1000;

/** The event log's entries as `listen` reads them (`GET {base}/sandbox/v1/{merchant_id}/events`). */
interface LoggedEvent {
  id: string;
  type: string;
  event_date: string;
  resource_id: string | null;
  deliveries: { webhook_id: string; status: string; attempts: number }[];
}

/** Options of {@link listen}. */
export interface ListenOptions {
  /** Only these event types (`--events a,b`). Default: every type. */
  events?: readonly string[];
  /** Registers a webhook to this URL (a loopback one, as the sandbox allows) for the stay, removed when stopped. */
  forwardTo?: string;
  /** Receives each line printed. */
  out: (line: string) => void;
  /** Stops listening (and removes the forwarding webhook). */
  signal: AbortSignal;
}

/** One line of an event: when, type, id, resource, and each delivery's status. */
function lineOf(e: LoggedEvent): string {
  const deliveries = e.deliveries.length
    ? e.deliveries.map((d) => `${d.webhook_id} ${d.status} (${d.attempts} attempt${d.attempts === 1 ? '' : 's'})`).join(', ')
    : 'no webhook';
  return `${e.event_date}  ${e.type}  ${e.id}  ${e.resource_id ?? '-'}  ${deliveries}`;
}

/**
 * `paytoken-sandbox listen`: prints each event of the merchant as it is written (events before the start are not
 * printed), one line each with its deliveries' status, and a line again each time a delivery's status changes.
 * With `forwardTo` it first registers a webhook to that URL for the listened types (printing its id and signing
 * secret, for the receiver's standardwebhooks check) and deletes it when `signal` aborts.
 * @throws Error naming the call when the sandbox refuses (an unknown type, a URL it may not post to).
 */
export async function listen(c: SandboxClient, opts: ListenOptions): Promise<void> {
  const unknown = (opts.events ?? []).filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length) throw new Error(`unknown event types ${unknown.join(', ')}: one of ${EVENT_TYPES.join(', ')}`);
  const wanted = opts.events?.length ? new Set(opts.events) : null;
  const seen = new Map<string, string>();
  for (const e of await c.sim<LoggedEvent[]>('GET', '/events?limit=100')) seen.set(e.id, lineOf(e));
  let webhookId: string | undefined;
  if (opts.forwardTo) {
    const event_types = wanted ? [...wanted] : [...EVENT_TYPES];
    const w = await c.api('POST', '/webhooks', { url: opts.forwardTo, event_types });
    webhookId = w.id;
    opts.out(`forwarding to ${opts.forwardTo}: webhook ${w.id}, signing secret ${w.secret}`);
  }
  opts.out(`listening for ${wanted ? [...wanted].join(', ') : 'every event'} of ${c.merchantId} at ${c.url} (Ctrl-C stops)`);
  try {
    while (!opts.signal.aborted) {
      const events = (await c.sim<LoggedEvent[]>('GET', '/events?limit=100')).reverse();
      for (const e of events) {
        const line = lineOf(e);
        if (seen.get(e.id) === line || (wanted && !wanted.has(e.type))) continue;
        seen.delete(e.id);
        seen.set(e.id, line);
        opts.out(line);
      }
      while (seen.size > MAX_FOLLOWED) seen.delete(seen.keys().next().value!);
      await sleep(LISTEN_POLL_MS, undefined, { signal: opts.signal }).catch(() => {});
    }
  } finally {
    if (webhookId) {
      await c.api('DELETE', `/webhooks/${webhookId}`);
      opts.out(`webhook ${webhookId} removed`);
    }
  }
}
