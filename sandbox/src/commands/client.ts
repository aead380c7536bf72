/**
 * A small client of a running sandbox for the `trigger` and `listen` commands: the merchant's API
 * (`{url}/v1/{merchant_id}`) and its simulation API (`{url}/sandbox/v1/{merchant_id}`), with the private key.
 */
/** A resource as the API answers it: its id and the rest of its members (the spec's objects). */
export type ApiObject = { id: string; [member: string]: unknown };

export class SandboxClient {
  constructor(
    readonly url: string,
    readonly merchantId: string,
    readonly privateKey: string,
  ) {}

  /** Calls `/v1/{merchant_id}{path}`. @throws Error naming the call and the Error object's code when it is refused. */
  api<T = ApiObject>(method: string, path: string, body?: unknown): Promise<T> {
    return this.#call(method, `/v1/${this.merchantId}${path}`, body);
  }

  /** Calls `/sandbox/v1/{merchant_id}{path}` (the simulation API). @throws Error as {@link SandboxClient.api}. */
  sim<T = ApiObject>(method: string, path: string, body?: unknown): Promise<T> {
    return this.#call(method, `/sandbox/v1/${this.merchantId}${path}`, body);
  }

  async #call<T>(method: string, path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${this.privateKey}:`).toString('base64')}`,
        'X-Forwarded-For': '127.0.0.1',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : null;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${parsed?.error_code ?? ''} ${parsed?.description ?? text}`.trim());
    return parsed as T;
  }
}
