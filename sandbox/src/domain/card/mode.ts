import { apiError } from '../errors';
import { isTestNumber } from './test-cards';

/**
 * Which environment the sandbox plays (spec, What the service does: "two environments: sandbox (test) and
 * production"). `sandbox` (default) accepts the test cards; `production` refuses them with error 2007 (412,
 * "Card number is a test number, valid only in sandbox") wherever a card number arrives: `POST /tokens` and the
 * raw-card `POST /cards`. Everything else behaves the same.
 */
export type SandboxMode = 'sandbox' | 'production';

/** The modes, for the CLI. */
export const MODES: readonly SandboxMode[] = ['sandbox', 'production'];

/**
 * Refuses a test card number in production mode.
 * @param pan digits only (validated). @throws SandboxError 2007 in production mode for a catalogue number.
 */
export function refuseTestNumber(mode: SandboxMode, pan: string): void {
  if (mode === 'production' && isTestNumber(pan)) {
    throw apiError(2007, 'The card number is a test number, valid only in sandbox');
  }
}
