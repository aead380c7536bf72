import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new key of a shopper's page (redirect payment page, wallet page): 32 lowercase letters and digits (165 bits),
 * unguessable, so that the key in the URL may be the page's only credential.
 */
export const newPageKey = (): string => Array.from({ length: 32 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Whether `s` has the shape of a page key (checked before any lookup). */
export const isPageKey = (s: string): boolean => /^[a-z0-9]{32}$/.test(s);
