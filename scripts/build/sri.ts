/**
 * Subresource Integrity of the three script-tag builds (`npm run build` runs it after them): writes
 * `dist/paytoken.iife.js.sri`, `dist/paytoken-checkout.iife.js.sri` and `dist/paytoken-hosted.iife.js.sri`, each
 * holding `sha384-<base64 of the SHA-384 digest of the file's bytes>` and a newline, the value of the `integrity`
 * attribute of the script tag (W3C Subresource Integrity). Prints the values.
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

/** The script tags that get a `.sri` file, under dist/. */
export const SRI_FILES = ['paytoken.iife.js', 'paytoken-checkout.iife.js', 'paytoken-hosted.iife.js'];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of SRI_FILES) console.log(`dist/${name}.sri: ${writeSri(new URL(`../../dist/${name}`, import.meta.url).pathname)}`);
}
