import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../src/errors/index';
import { tokenize } from '../../../src/http/tokenize';

afterEach(() => vi.unstubAllGlobals());

describe('NetworkError', () => {
  it('keeps what the transport threw as cause (as ky does); none when there was nothing', () => {
    const failure = new TypeError('Failed to fetch');
    expect(new NetworkError('Request failed: Failed to fetch', failure).cause).toBe(failure);
    expect('cause' in new NetworkError('Response 200 is not JSON')).toBe(false);
  });

  it('a failed fetch rejects with a NetworkError whose cause is the fetch failure', async () => {
    const failure = new TypeError('Failed to fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(failure)),
    );
    const card = {
      card_number: '4111111111111111',
      holder_name: 'Ana',
      expiration_month: '12',
      expiration_year: String(new Date().getFullYear() + 2),
      cvv2: '123',
    };
    const error = await tokenize({ merchantId: 'm1', publicKey: 'pk_1', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }, card).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(failure);
  });
});
