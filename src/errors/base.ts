/** What kind of failure a {@link PayTokenError} is. */
export type ErrorType = 'validation' | 'api' | 'network' | 'timeout' | 'configuration';

/**
 * Base class of every error the library throws or rejects with. `type` tells the subclass without
 * `instanceof` (useful across bundles), and `name` follows from it: `ValidationError`, `ApiError`,
 * `NetworkError`, `TimeoutError`, `ConfigurationError` (the class of that type; minifiers keep no class names).
 * Messages are for developers; show users a message chosen by code.
 */
export class PayTokenError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
  ) {
    super(message);
    this.name = type[0]!.toUpperCase() + type.slice(1) + 'Error';
  }
}
