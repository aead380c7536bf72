import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { createWebhookSchema, deliveryListQuerySchema, eventListQuerySchema, resendSchema, webhookListQuerySchema } from './schema';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listEvents,
  listWebhooks,
  resendEvent,
  verifyWebhook,
  viewDelivery,
  viewEvent,
  webhookOf,
} from './service';
import { createdWebhookObject, deliveryObject, eventObject, webhookObject, webhookView } from './view';

const TAG = 'Webhooks';
const GAP = 'Webhook endpoints: not shown by the spec; the paths the public server SDKs call (docs/webhooks.md)';

/**
 * Webhooks, mounted at `/v1/{merchant_id}/webhooks` (private key). Delivery, signatures and retries: docs/webhooks.md.
 * - `POST /`: 201 the webhook with its `secret` (shown this once), `unverified` until its URL answers the
 *   verification event with a 2xx; 1003 for a URL it may not post to (events/ssrf.ts) or past the cap.
 * - `GET /`: newest first (common list filters). `GET /:webhook_id`, `DELETE /:webhook_id` (204; pending deliveries
 *   cancelled): 1005 when unknown.
 * - `POST /:webhook_id/verify/:code`: `verified` with the code of its verification event; 1003 a wrong code.
 */
export function webhooksRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Register a webhook',
        body: createWebhookSchema,
        ok: { status: 201, schema: createdWebhookObject },
        errors: [1003],
        gap: GAP,
      }),
      async (c) => {
        const w = await createWebhook(d, parseWith(createWebhookSchema, c.var.body));
        return c.json({ ...webhookView(w), secret: w.secret }, 201);
      },
    )
    .get(
      '/',
      describe({
        tag: TAG,
        summary: 'List webhooks',
        query: webhookListQuerySchema,
        ok: { status: 200, schema: z.array(webhookObject) },
        gap: GAP,
      }),
      (c) => c.json(listWebhooks(d, parseWith(webhookListQuerySchema, c.req.query())).map(webhookView)),
    )
    .get('/:webhook_id', describe({ tag: TAG, summary: 'Get a webhook', ok: { status: 200, schema: webhookObject }, gap: GAP }), (c) =>
      c.json(webhookView(webhookOf(d, c.req.param('webhook_id')))),
    )
    .delete('/:webhook_id', describe({ tag: TAG, summary: 'Delete a webhook', ok: { status: 204 }, gap: GAP }), (c) => {
      deleteWebhook(d, c.req.param('webhook_id'));
      return c.body(null, 204);
    })
    .post(
      '/:webhook_id/verify/:code',
      describe({
        tag: TAG,
        summary: 'Verify a webhook with its code',
        ok: { status: 200, schema: webhookObject },
        errors: [1003, 3006],
        gap: GAP,
      }),
      (c) => c.json(webhookView(verifyWebhook(d, c.req.param('webhook_id'), c.req.param('code')))),
    );
}

const SIM_TAG = 'Simulation';
const SIM_GAP = 'Outside the spec: the simulation API of the sandbox (sandbox mode only): the event and delivery log';

/**
 * The event and delivery log of the simulation API, mounted at `{base}/sandbox/v1/{merchant_id}` (private key):
 * - `GET /events`: the outbox's events, newest first (filters `type`, `resource_id`, the common ones), each with
 *   the body its deliveries carry and every delivery with every attempt;
 * - `GET /events/:event_id`: one of them (1005 unknown);
 * - `POST /events/:event_id/resend` (optional `{webhook_id}`): new deliveries, queued now -> 201 the deliveries;
 * - `GET /deliveries`: the deliveries, newest first (filters `webhook_id`, `event_id`, `status`), with their attempts.
 */
export function deliveryLogRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .get(
      '/events',
      describe({
        tag: SIM_TAG,
        summary: 'The event log',
        query: eventListQuerySchema,
        ok: { status: 200, schema: z.array(eventObject) },
        gap: SIM_GAP,
      }),
      (c) => c.json(listEvents(d, parseWith(eventListQuerySchema, c.req.query()))),
    )
    .get(
      '/events/:event_id',
      describe({ tag: SIM_TAG, summary: 'An event and its deliveries', ok: { status: 200, schema: eventObject }, gap: SIM_GAP }),
      (c) => c.json(viewEvent(d, c.req.param('event_id'))),
    )
    .post(
      '/events/:event_id/resend',
      describe({
        tag: SIM_TAG,
        summary: 'Send an event again',
        body: resendSchema,
        ok: { status: 201, schema: z.array(deliveryObject) },
        errors: [3006],
        gap: SIM_GAP,
      }),
      (c) => {
        const body = c.var.body === undefined ? {} : parseWith(resendSchema, c.var.body);
        return c.json(
          resendEvent(d, c.req.param('event_id'), body.webhook_id).map((dl) => viewDelivery(d, dl)),
          201,
        );
      },
    )
    .get(
      '/deliveries',
      describe({
        tag: SIM_TAG,
        summary: 'The delivery log',
        query: deliveryListQuerySchema,
        ok: { status: 200, schema: z.array(deliveryObject) },
        gap: SIM_GAP,
      }),
      (c) => {
        const q = parseWith(deliveryListQuerySchema, c.req.query());
        return c.json(
          listDeliveries(d, { webhookId: q.webhook_id, eventId: q.event_id, status: q.status }, q).map((dl) => viewDelivery(d, dl)),
        );
      },
    );
}
