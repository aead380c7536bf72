import { describe, expect, it } from 'vitest';
import { ApiError, ConfigurationError, NetworkError, PayTokenError, TimeoutError, ValidationError } from '../../../src/errors/index';
import { fail } from '../../../src/card/result';

const CLASSES = [ApiError, ConfigurationError, NetworkError, TimeoutError, ValidationError] as const;
const API_ERROR = { category: 'gateway', error_code: 3001, description: 'declined', http_code: 402, request_id: 'r1' };

/** An error as another copy of the library (or a hosted-field frame's answer rebuilt on the page) makes it. */
const foreign = (type: string, props: object = {}) =>
  Object.assign(new Error('elsewhere'), { type, name: `${type[0]!.toUpperCase()}${type.slice(1)}Error` }, props);

describe('instanceof goes by type: errors of another copy of the library are instances of the class of their type', () => {
  it('an error made by its own class is an instance of it and of PayTokenError, and of no other class', () => {
    const made = [
      new ApiError(402, API_ERROR),
      new ConfigurationError('baseUrl', 'baseUrl: https'),
      new NetworkError('offline'),
      new TimeoutError(20),
      new ValidationError([fail('cvv2', 'length')]),
    ];
    made.forEach((e, i) => {
      expect(e).toBeInstanceOf(PayTokenError);
      expect(e).toBeInstanceOf(Error);
      CLASSES.forEach((cls, j) => expect(e instanceof cls).toBe(i === j));
    });
  });

  it('a foreign error of each type is an instance of that class alone, and of PayTokenError', () => {
    for (const [i, type] of ['api', 'configuration', 'network', 'timeout', 'validation'].entries()) {
      const e = foreign(type);
      expect(e).toBeInstanceOf(PayTokenError);
      CLASSES.forEach((cls, j) => expect(e instanceof cls).toBe(i === j));
    }
  });

  it('the base class with a subclass type and its properties (as hosted fields rebuild it) is an instance of the subclass', () => {
    const sent = new ApiError(402, API_ERROR);
    const rebuilt = Object.assign(new PayTokenError('api', sent.message), { ...sent });
    expect(rebuilt).toBeInstanceOf(ApiError);
    expect(rebuilt).not.toBeInstanceOf(ValidationError);
    expect([rebuilt.name, (rebuilt as ApiError).error_code]).toEqual(['ApiError', 3001]);
  });

  it('is not fooled by other errors and values, and never throws', () => {
    const others: unknown[] = [
      new Error('x'),
      new TypeError('x'),
      Object.assign(new Error('x'), { type: 'api' }), // the name does not follow from the type
      Object.assign(new Error('x'), { type: '', name: 'Error' }),
      Object.assign(new Error('x'), { type: Symbol('api'), name: 'ApiError' }),
      Object.assign(new Error('x'), { type: 'api', name: 'ValidationError' }),
      { type: 'api', name: 'ApiError', message: 'not an Error' },
      null,
      undefined,
      'ApiError',
      42,
    ];
    for (const x of others) {
      expect(x instanceof PayTokenError).toBe(false);
      for (const cls of CLASSES) expect(x instanceof cls).toBe(false);
    }
  });
});
