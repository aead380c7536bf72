/** The user's preferred languages, `navigator.languages` (every current browser has it; else unsupported). */
export const languages = (): readonly string[] | undefined => navigator.languages;
