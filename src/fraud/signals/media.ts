/** Whether the media query `(q)` matches. */
export const matches = (q: string): boolean => matchMedia(`(${q})`).matches;

/**
 * The media queries of {@link media}, in order (Media Queries Level 4 and 5): wide colour gamut (Display P3,
 * Rec. 2020), reduced motion, more contrast.
 */
export const MEDIA_QUERIES = ['color-gamut:p3', 'color-gamut:rec2020', 'prefers-reduced-motion:reduce', 'prefers-contrast:more'];

/** Media-query preferences: whether each of {@link MEDIA_QUERIES} matches. */
export const media = (): boolean[] => MEDIA_QUERIES.map(matches);
