/** Whether the media query `(q)` matches. */
export const matches = (q: string): boolean => matchMedia(`(${q})`).matches;

/**
 * The media queries of {@link media}, in order (Media Queries Level 4 and 5): a wide colour gamut (Display P3 or
 * more: every Rec. 2020 screen matches it too), reduced motion, more contrast.
 */
export const MEDIA_QUERIES = ['color-gamut:p3', 'prefers-reduced-motion:reduce', 'prefers-contrast:more'];

/** Media-query preferences: whether each of {@link MEDIA_QUERIES} matches. */
export const media = (): boolean[] => MEDIA_QUERIES.map(matches);
