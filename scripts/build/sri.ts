/**
 * Subresource Integrity of the script-tag build (`npm run build` runs it after the IIFE build): writes
 * `dist/paytoken.iife.js.sri` holding `sha384-<base64 of the SHA-384 digest of the file's bytes>` and a newline,
 * the value of the `integrity` attribute of the script tag (W3C Subresource Integrity). Prints the value.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/** The SRI value of a file: `sha384-` and the base64 SHA-384 digest of its bytes. */
export const sriOf = (file: string): string => `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;

/** Writes `<file>.sri` with {@link sriOf}; @returns the value. */
export function writeSri(file: string): string {
  const value = sriOf(file);
  writeFileSync(`${file}.sri`, `${value}\n`);
  return value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = new URL('../../dist/paytoken.iife.js', import.meta.url).pathname;
  console.log(`dist/paytoken.iife.js.sri: ${writeSri(file)}`);
}
