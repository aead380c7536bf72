import { randomInt } from 'node:crypto';
import { makeClabe } from './clabe';

/**
 * References the sandbox issues for money that arrives from outside: CLABEs receiving SPEI transfers and store
 * references paid in cash (with their Code 128 barcode images, served by the sandbox).
 */

/** The bank code of the CLABEs the sandbox issues: 646 (STP, the SPEI participant processors commonly use). */
export const ISSUING_BANK = { code: '646', plaza: '180', name: 'STP' } as const;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A new CLABE of the sandbox's issuing bank with a random 11-digit account and its check digit. */
export const newClabe = (): string => makeClabe(ISSUING_BANK.code, ISSUING_BANK.plaza, digits(11));

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new store payment reference: `SBX` and 13 letters and digits (no 0/O or 1/I look-alikes), Code 128 printable. */
export const newStoreReference = (): string => `SBX${Array.from({ length: 13 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;

/** Where the sandbox serves the Code 128 barcode image of a store reference (PNG). */
export const barcodeUrl = (publicUrl: string, reference: string): string => `${publicUrl}/barcodes/${encodeURIComponent(reference)}.png`;
