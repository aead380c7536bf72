import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULT_BASE_URL, SANDBOX_DEFAULTS } from '../defaults';
import { SandboxClient } from './client';
import { listen } from './listen';
import { isTriggerType, trigger, TRIGGER_TYPES, type TriggerType } from './trigger';

/** The subcommands of `paytoken-sandbox`, talking to a running sandbox. */
export const COMMANDS = ['trigger', 'listen'] as const;

/**
 * Runs `paytoken-sandbox trigger <event type>` or `paytoken-sandbox listen [--events a,b] [--forward-to URL]`, each
 * with `--url` (default the demo's, `http://127.0.0.1:4010`), `--merchant-id` and `--private-key` (default the
 * demo's). `trigger` prints the fired event's id; `listen` prints events until SIGINT or SIGTERM.
 * @returns the exit code: 0 done, 1 the sandbox refused or is unreachable, 2 bad arguments.
 */
export async function runCommand(command: (typeof COMMANDS)[number], args: string[]): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parse(args));
    if (command === 'trigger' && (positionals.length !== 1 || !isTriggerType(positionals[0]!)))
      throw new Error(`trigger takes one event type of the spec: ${TRIGGER_TYPES.join(', ')}`);
    if (command === 'listen' && positionals.length) throw new Error('listen takes no positional argument');
    if (!/^https?:\/\/[^\s]+$/.test(values.url)) throw new Error('--url must be an http(s) URL');
  } catch (e) {
    process.stderr.write(`paytoken-sandbox ${command}: ${(e as Error).message}\n`);
    return 2;
  }
  const client = new SandboxClient(values.url.replace(/\/+$/, ''), values['merchant-id'], values['private-key']);
  try {
    if (command === 'trigger') process.stdout.write(`${positionals[0]} ${await trigger(client, positionals[0] as TriggerType)}\n`);
    else await listenUntilStopped(client, values);
    return 0;
  } catch (e) {
    process.stderr.write(`paytoken-sandbox ${command}: ${(e as Error).message}\n`);
    return 1;
  }
}

/** The subcommands' flags, read strictly. */
function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      url: { type: 'string', default: SANDBOX_DEFAULT_BASE_URL },
      'merchant-id': { type: 'string', default: SANDBOX_DEFAULTS.merchantId },
      'private-key': { type: 'string', default: SANDBOX_DEFAULTS.privateKey },
      events: { type: 'string' },
      'forward-to': { type: 'string' },
    },
  });
}

/** `listen` until SIGINT or SIGTERM, then the forwarding webhook removed. */
async function listenUntilStopped(client: SandboxClient, values: ReturnType<typeof parse>['values']): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    await listen(client, {
      events: values.events?.split(',').filter(Boolean),
      ...(values['forward-to'] !== undefined && { forwardTo: values['forward-to'] }),
      out: (line) => process.stdout.write(`${line}\n`),
      signal: stop.signal,
    });
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}
