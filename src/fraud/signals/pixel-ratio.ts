/** `devicePixelRatio`: physical pixels per CSS pixel (a browser zoom changes it). */
export const pixelRatio = (): number => devicePixelRatio;
