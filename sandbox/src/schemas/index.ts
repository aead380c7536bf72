/**
 * Zod schemas of the request bodies of the payments API (`payments-api.md`), built on the card rules of
 * `src/card` so that the library (which checks before sending) and the sandbox (which checks on receipt)
 * can never disagree. Every failing card rule is a custom issue with `params: {field, reason}`; read issues
 * with {@link toFieldIssue} and map them with `errorCodeFor` (src/errors/codes.ts).
 *
 * Server-side only: neither `src/index.ts` nor `src/browser.ts` imports this module, so zod never reaches
 * the browser bundles.
 */
import type { z } from 'zod';
import { cardFromTokenSchema, createCardSchema, createTokenSchema, systemClock, type Clock } from './card';

export { addRuleIssue, issueMessage, toFieldIssue, type FieldIssue, type FieldIssueParams } from './issues';
export { optionalAddress, toAddress } from './address';
export { cardFromTokenSchema, createCardSchema, createTokenSchema, isTokenVariant, systemClock, type Clock } from './card';

/**
 * Every request-body schema, the card ones reading `now` for the expiry rule.
 * @param now the clock (the sandbox passes its `opts.now`); defaults to the real clock.
 */
export function createSchemas(now: Clock = systemClock) {
  return {
    token: createTokenSchema(now),
    card: createCardSchema(now),
    cardFromToken: cardFromTokenSchema,
  };
}

export type Schemas = ReturnType<typeof createSchemas>;

/** `POST /tokens` body on the real clock. */
export const tokenSchema = createTokenSchema();
/** `POST /cards` raw-card body on the real clock. */
export const cardSchema = createCardSchema();

/** Parsed `POST /tokens` body: normalised card data. */
export type TokenBody = z.output<typeof tokenSchema>;
/** Parsed `POST /cards` raw-card body. */
export type CardBody = z.output<typeof cardSchema>;
/** Parsed `POST /cards` token-variant body. */
export type CardFromTokenBody = z.output<typeof cardFromTokenSchema>;
