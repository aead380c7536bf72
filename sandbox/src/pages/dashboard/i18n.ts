import type { Lang, Text } from './types';

/** The language's `lang` attribute value. */
export const LOCALE: Record<Lang, string> = { es: 'es-MX', en: 'en' };

/** `text` in `lang`. */
export const tr = (lang: Lang, text: Text): string => text[lang];

/** A text in both languages: Spanish first, then English. */
export const both = (es: string, en: string): Text => ({ es, en });

/** The texts every page shares. Page modules keep their own beside them. */
export const COMMON = {
  brand: both('Panel del sandbox', 'Sandbox dashboard'),
  skip: both('Saltar al contenido', 'Skip to content'),
  sections: both('Secciones', 'Sections'),
  signOut: both('Cerrar sesión', 'Sign out'),
  otherLanguage: both('English', 'Español'),
  merchant: both('Comercio', 'Merchant'),
  notFound: both('No encontrado', 'Not found'),
  notFoundText: both('No hay nada con ese identificador en este sandbox.', 'There is nothing with that id in this sandbox.'),
  filter: both('Filtrar', 'Filter'),
  clear: both('Quitar filtros', 'Clear filters'),
  any: both('Todos', 'Any'),
  previous: both('Anteriores', 'Previous'),
  next: both('Siguientes', 'Next'),
  nothing: both('Nada por ahora.', 'Nothing yet.'),
  done: both('Hecho', 'Done'),
  refused: both('No se hizo', 'Not done'),
  centralTime: both('Hora del centro de México (UTC−06:00).', 'Mexico central time (UTC−06:00).'),
  productionMode: both('Modo producción: el sandbox no ofrece simulaciones.', 'Production mode: the sandbox offers no simulations.'),
  page: both('Página', 'Page'),
} as const;
