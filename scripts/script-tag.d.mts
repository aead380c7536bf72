/** Types of scripts/script-tag.mjs (see there). */
export declare const ROOT: string;
export declare const gzipSize: (code: string | Buffer) => number;
export declare const STUB: (src: string) => string;
export declare function buildScriptTag(edits?: Record<string, (src: string) => string>): Promise<Buffer>;
