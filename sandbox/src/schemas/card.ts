import { z } from 'zod';
import { validateCard } from 'paytoken/rules';
import type { CardData, CardInput } from 'paytoken/rules';
import { addRuleIssue } from './issues';
import { validateDeviceSessionId, validateTokenId } from 'paytoken/rules';

/** The clock the expiry rule reads (tests and the sandbox pass their own). */
export type Clock = () => Date;

/** The real clock. */
export const systemClock: Clock = () => new Date();

/**
 * The card members of a token or card body. Every member is `unknown` on purpose: the card rules, not zod,
 * decide what is missing or malformed, so a missing `cvv2` is the rule `cvv2: required` (API error 2006) and
 * not a generic zod type error.
 */
const CARD_SHAPE = {
  card_number: z
    .unknown()
    .optional()
    .meta({ type: 'string', description: '16 or 19 digits, Luhn-valid', examples: ['4111111111111111'] }),
  holder_name: z
    .unknown()
    .optional()
    .meta({ type: 'string', description: "The cardholder's name, 1-80 characters", examples: ['Ana Pérez'] }),
  expiration_month: z
    .unknown()
    .optional()
    .meta({ type: 'string', description: 'Two digits, 01-12', examples: ['12'] }),
  expiration_year: z
    .unknown()
    .optional()
    .meta({ type: 'string', description: 'Two digits, not in the past', examples: ['30'] }),
  cvv2: z
    .unknown()
    .optional()
    .meta({ type: 'string', description: 'Three digits (four for American Express); never stored', examples: ['123'] }),
  address: z.unknown().optional().meta({ type: 'object', description: 'The billing Address object (spec, Address object), optional' }),
};

type CardMembers = { [K in keyof typeof CARD_SHAPE]?: unknown };

/**
 * Runs the library's own `validateCard` once: each failing field becomes an issue (`params: {field, reason}`, in
 * `validateCard`'s order, so the first issue is the first field the library would name), and on success its
 * normalised {@link CardData} is the output. One code path for the browser and the sandbox.
 */
export function checkCard(v: CardMembers, ctx: z.RefinementCtx, now: Date): CardData {
  const r = validateCard(v as CardInput, now);
  for (const e of r.errors) addRuleIssue(ctx, e);
  return r.value ?? (z.NEVER as never);
}

/**
 * `POST /tokens` body (spec, Endpoints > Tokens): holder_name, card_number (16 or 19 digits), cvv2,
 * expiration_month, expiration_year (all required), address (optional).
 *
 * Checked by the card rules of `src/card` (one custom issue per failing field, `params: {field, reason}`);
 * unknown members are dropped. Output: {@link CardData}, normalised as `validateCard` does.
 *
 * @param now clock of the expiry rule (`expired` is API error 2005); defaults to the real clock.
 */
export function createTokenSchema(now: Clock = systemClock) {
  return z.object(CARD_SHAPE).transform((v, ctx) => checkCard(v, ctx, now()));
}

/**
 * `POST /cards` and `POST /customers/{customer_id}/cards` body, raw-card variant (spec, Endpoints > Cards):
 * the token fields (cvv2 required) plus an optional `device_session_id` (max 255; absent or `null` means
 * none). Output: {@link CardData} and `device_session_id` when given.
 *
 * @param now clock of the expiry rule; defaults to the real clock.
 */
export function createCardSchema(now: Clock = systemClock) {
  return z
    .object({ ...CARD_SHAPE, device_session_id: z.unknown().optional() })
    .transform((v, ctx): CardData & { device_session_id?: string } => {
      const data = checkCard(v, ctx, now());
      if (v.device_session_id != null) addRuleIssue(ctx, validateDeviceSessionId(v.device_session_id));
      return v.device_session_id == null ? data : { ...data, device_session_id: v.device_session_id as string };
    });
}

/**
 * `POST /cards` body, token variant (spec, Endpoints > Cards): `token_id` (required, 1-45 letters or digits)
 * and `device_session_id` (required, max 255). Output: `{token_id, device_session_id}`.
 */
export const cardFromTokenSchema = z
  .object({ token_id: z.unknown().optional(), device_session_id: z.unknown().optional() })
  .superRefine((v, ctx) => {
    addRuleIssue(ctx, validateTokenId(v.token_id));
    addRuleIssue(ctx, validateDeviceSessionId(v.device_session_id));
  })
  .transform((v) => ({ token_id: v.token_id as string, device_session_id: v.device_session_id as string }));

/**
 * Whether a card body is the token variant: it has a `token_id` member (the browser client decides the same
 * way). Pick {@link cardFromTokenSchema} then, else the raw-card schema, so errors speak of one variant.
 */
export const isTokenVariant = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'token_id' in body;
