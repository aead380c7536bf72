/** What kind of failure a {@link PayTokenError} is. */
export type ErrorType = 'validation' | 'api' | 'network' | 'timeout' | 'configuration';

/**
 * Base class of every error the library throws or rejects with. `type` tells the subclass, and `name` follows
 * from it: `ValidationError`, `ApiError`, `NetworkError`, `TimeoutError`, `ConfigurationError` (the class of that
 * type; minifiers keep no class names). Messages are for developers; show users a message chosen by code.
 *
 * `instanceof` goes by `type` and `name`, not by prototype: `e instanceof ApiError` holds for an error of type
 * `api` made by another copy of the library (a script tag beside an npm build, two bundles of one app) and for
 * the errors hosted fields rebuild on the merchant page from a frame's answer (`mountFields`: the page carries
 * the base class only, with the error's own properties as the frame sent them). `e instanceof PayTokenError`
 * holds for any of them.
 */
export class PayTokenError extends Error {
  /** The `type` of this class's errors; undefined for the base class, which covers every type. */
  declare static readonly kind?: ErrorType;

  constructor(
    /** The kind of failure; it gives the class (`api` is an `ApiError`) and `name`. */
    readonly type: ErrorType,
    message: string,
  ) {
    super(message);
    this.name = nameOf(type);
  }

  /** Whether `x` is an error of this library (of this class's type, for a subclass), from whichever copy of it. */
  static override [Symbol.hasInstance](x: unknown): boolean {
    const e = x as PayTokenError;
    return e instanceof Error && e.name === nameOf(String(e.type)) && e.name !== 'Error' && (!this.kind || e.type === this.kind);
  }
}

const nameOf = (type: string) => type.slice(0, 1).toUpperCase() + type.slice(1) + 'Error';
