/**
 * `paytoken-sandbox`: the local payment service as a library, for a merchant's own tests and tools.
 * {@link startSandbox} runs it on 127.0.0.1 and hands back its URL, keys and `close()`; {@link createSandboxApp}
 * gives the Hono app without a socket. The README of this package lists the options and the simulation API.
 */
export { startSandbox, type StartOptions, type RunningSandbox } from './server';
export type { MerchantKeys } from './merchants/registry';
export { createSandboxApp, type SandboxOptions } from './app';
export { SANDBOX_DEFAULTS, SANDBOX_DEFAULT_BASE_URL } from './defaults';
export { RULE_MODES, type FraudOptions, type RuleMode } from './fraud/fraud-rules';
export { requestLog, type LoggedRequest } from './http/request-log';
export { httpContextSchema, type HttpContext } from './resources/charges/http-context';
