import { isIP } from 'node:net';
import { z } from 'zod';
import { UNSAFE_TEXT } from 'paytoken/rules';

/** Longest value of each string member of `http_context` (the spec states none: the sandbox's choice). */
export const HTTP_CONTEXT_MAX = { browser: 100, domain: 253, browser_user_agent: 512, browser_language: 35 } as const;

/** A printable string member of at most `max` characters (no control, zero-width or bidirectional character). */
const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !UNSAFE_TEXT.test(v));

/** A screen dimension in CSS pixels, written as a string of 1-5 digits (the spec types it as a string). */
const pixels = z.string().regex(/^\d{1,5}$/);

/**
 * The `http_context` member of a card charge (spec, Endpoints > Charges: "ip, browser, domain,
 * browser_screen_height, browser_screen_width, browser_user_agent, browser_language (strings),
 * browser_java_enabled, browser_javascript_enabled (booleans)"): the shopper's browser, for 3-D Secure. Every
 * member is optional; when present:
 * - `ip`: an IPv4 or IPv6 address;
 * - `browser`, `domain`, `browser_user_agent`, `browser_language`: 1 to {@link HTTP_CONTEXT_MAX} characters, no
 *   control, zero-width or bidirectional character; `domain` a host name (letters, digits, `.`, `-`) with an
 *   optional port, `browser_language` a BCP 47 tag (`es-MX`);
 * - `browser_screen_height`, `browser_screen_width`: 1-5 digits;
 * - `browser_java_enabled`, `browser_javascript_enabled`: booleans.
 * A wrong member is 1001 naming it (`http_context.browser_screen_width is malformed (rule: format)`); unknown
 * members are dropped, as everywhere in the sandbox.
 */
export const httpContextSchema = z.object({
  ip: z
    .string()
    .max(45)
    .refine((v) => isIP(v) !== 0)
    .optional(),
  browser: text(HTTP_CONTEXT_MAX.browser).optional(),
  domain: text(HTTP_CONTEXT_MAX.domain)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/)
    .optional(),
  browser_screen_height: pixels.optional(),
  browser_screen_width: pixels.optional(),
  browser_user_agent: text(HTTP_CONTEXT_MAX.browser_user_agent).optional(),
  browser_language: text(HTTP_CONTEXT_MAX.browser_language)
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/)
    .optional(),
  browser_java_enabled: z.boolean().optional(),
  browser_javascript_enabled: z.boolean().optional(),
});

export type HttpContext = z.output<typeof httpContextSchema>;
