import { z } from 'zod';
import { EVENT_TYPES } from '../../events/outbox';
import { urlFormProblem } from '../../events/ssrf';
import { plainText } from '../../schemas/common';
import { listQuerySchema } from '../../schemas/list';
import type { DeliveryStatus } from '../../domain/webhooks';

/**
 * `POST /webhooks` body (the spec does not show it; the processor's public SDKs send these members):
 * - `url`: required; an absolute http(s) URL with a host, no credentials in it, at most 2048 characters (where it may
 *   point is checked after parsing: events/ssrf.ts, 1003);
 * - `user`, `password`: optional, 1-100 characters each: HTTP Basic credentials sent with every delivery;
 *   `password` needs `user`;
 * - `event_types`: required, 1-32 distinct types of the spec's list (and the sandbox's `invoice.*`).
 */
export const createWebhookSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1)
      .superRefine((v, ctx) => {
        const problem = urlFormProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    user: plainText('user', 100).optional(),
    password: z.string().min(1).max(100).optional(),
    event_types: z
      .array(z.enum(EVENT_TYPES))
      .min(1)
      .max(32)
      .refine((xs) => new Set(xs).size === xs.length, 'must not repeat a type'),
  })
  .superRefine((b, ctx) => {
    if (b.password !== undefined && b.user === undefined)
      ctx.addIssue({ code: 'custom', path: ['user'], message: 'is required with password' });
  });

export type CreateWebhookBody = z.output<typeof createWebhookSchema>;

/** `GET /webhooks`: the common list filters. */
export const webhookListQuerySchema = listQuerySchema;

/** `GET /sandbox/v1/{merchant_id}/events` filters: the common ones, the event `type` and the `resource_id`. */
export const eventListQuerySchema = listQuerySchema.extend({
  type: z.enum(EVENT_TYPES).optional(),
  resource_id: z.string().min(1).max(45).optional(),
});

const DELIVERY_STATUSES = ['queued', 'scheduled', 'delivered', 'failed', 'cancelled'] as const satisfies readonly DeliveryStatus[];

/** `GET /sandbox/v1/{merchant_id}/deliveries` filters: the common ones, `webhook_id`, `event_id` and `status`. */
export const deliveryListQuerySchema = listQuerySchema.extend({
  webhook_id: z.string().min(1).max(45).optional(),
  event_id: z.string().min(1).max(45).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});

/** `POST /sandbox/v1/{merchant_id}/events/{event_id}/resend` body, optional: `webhook_id` to resend to one webhook only. */
export const resendSchema = z.object({ webhook_id: z.string().min(1).max(45).optional() });
