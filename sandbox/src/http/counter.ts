/**
 * Counts the requests a sandbox saw, preflights and faulted ones included (a connection reset by fault mode
 * still counts: the request arrived). Tests read it to prove how often a client called (retries) or that it
 * never called at all.
 */
export class RequestCounter {
  /** Most distinct `METHOD path` keys counted; beyond it the oldest key is forgotten (bounded memory). */
  static readonly MAX_ROUTES = 10_000;
  #total = 0;
  readonly #byRoute = new Map<string, number>();

  /** Every request so far. */
  get total(): number {
    return this.#total;
  }

  /** Requests with this method and exact path (no query), e.g. `count('POST', '/v1/m1/tokens')`. */
  count(method: string, path: string): number {
    return this.#byRoute.get(`${method} ${path}`) ?? 0;
  }

  /** Forgets every count. */
  reset(): void {
    this.#total = 0;
    this.#byRoute.clear();
  }

  /** Counts one request (the app's first middleware calls it, with its merchant's counter). */
  record(method: string, path: string): void {
    this.#total++;
    const key = `${method} ${path}`;
    const n = this.#byRoute.get(key);
    if (n === undefined && this.#byRoute.size >= RequestCounter.MAX_ROUTES) this.#byRoute.delete(this.#byRoute.keys().next().value!);
    this.#byRoute.set(key, (n ?? 0) + 1);
  }
}
