/** @jsxImportSource hono/jsx */
import type { Child, FC, PropsWithChildren } from 'hono/jsx';
import { isoDateTime } from '../../time/dates';
import { shownDate, shownMoney } from './format';
import { COMMON, tr } from './i18n';
import type { Lang, Text } from './types';

/**
 * The dashboard's building blocks (Hono JSX, rendered on the server; every value escaped by the renderer): what a
 * page module composes its page from. No inline style, no script.
 */

/** What a page's parts need to know of the request: the language, the session's CSRF token, where it is. */
export interface View {
  lang: Lang;
  /** The session's synchronizer token, put in every form. */
  csrf: string;
  /** This page's path and query (where an action sends the browser back to). */
  here: string;
  /** Whether simulations are offered (sandbox mode; production mode serves none). */
  simulate: boolean;
}

/** A text in the page's language. */
export const T: FC<{ v: View; t: Text }> = ({ v, t }) => <>{tr(v.lang, t)}</>;

/** An instant in central time, machine-readable in `datetime`. */
export const When: FC<{ ms: number }> = ({ ms }) => <time datetime={isoDateTime(ms)}>{shownDate(ms)}</time>;

/** An amount of cents with its currency. */
export const Money: FC<{ cents: number; currency?: string }> = ({ cents, currency }) => <>{shownMoney(cents, currency)}</>;

/** The colour class of a status: done, refused or waiting; anything else neutral. */
const TONE: Record<string, string> = {
  completed: 'good',
  failed: 'bad',
  cancelled: 'bad',
  chargeback_pending: 'wait',
  charge_pending: 'wait',
  in_progress: 'wait',
};

/** A path, with a line-break opportunity after each `/` (long API paths wrap between segments, never inside one). */
export const PathText: FC<{ path: string }> = ({ path }) => (
  <span class="mono">
    {path.split('/').map((seg, i) => (
      <>
        {i > 0 ? (
          <>
            /<wbr />
          </>
        ) : null}
        {seg}
      </>
    ))}
  </span>
);

/** A status (a Transaction's, an HTTP status class) as a tag. */
export const Tag: FC<{ value: string; tone?: string }> = ({ value, tone }) => (
  <span class={`tag ${tone ?? TONE[value] ?? ''}`}>{value}</span>
);

/**
 * A form of one action (a simulation button): POST to `action` with the session's CSRF token and the page to come
 * back to. Nothing when simulations are off, unless `always` (the merchant's own operations, sign-out).
 */
export const ActionForm: FC<PropsWithChildren<{ v: View; action: string; always?: boolean; label?: string }>> = ({
  v,
  action,
  always,
  label,
  children,
}) =>
  v.simulate || always ? (
    <form method="post" action={action} aria-label={label}>
      <input type="hidden" name="csrf" value={v.csrf} />
      <input type="hidden" name="back" value={v.here} />
      {children}
    </form>
  ) : null;

/** One column of a {@link Table}: its heading, and whether it holds numbers (right-aligned on wide screens). */
/** A table column: its heading; `num` right-aligns figures; `text` lets free text (a description) break anywhere. */
export interface Column {
  title: Text;
  num?: boolean;
  text?: boolean;
}

/**
 * A table of rows; on narrow screens each row becomes a card whose cells carry their column's name. An empty
 * table says so instead.
 */
export const Table: FC<{ v: View; caption: Text; columns: readonly Column[]; rows: readonly (readonly Child[])[]; empty?: Text }> = ({
  v,
  caption,
  columns,
  rows,
  empty,
}) =>
  rows.length === 0 ? (
    <p class="note">{tr(v.lang, empty ?? COMMON.nothing)}</p>
  ) : (
    <table class="stack">
      <caption>{tr(v.lang, caption)}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" class={c.num ? 'num' : undefined}>
              {tr(v.lang, c.title)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            {r.map((cell, i) => (
              <td data-label={tr(v.lang, columns[i]!.title)} class={columns[i]!.num ? 'num' : columns[i]!.text ? 'text' : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );

/** Facts as a description list: `[term, value]` pairs; pairs whose value is null or undefined are left out. */
export const Facts: FC<{ v: View; items: readonly (readonly [Text, Child])[] }> = ({ v, items }) => (
  <dl class="facts">
    {items
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([term, value]) => (
        <>
          <dt>{tr(v.lang, term)}</dt>
          <dd>{value}</dd>
        </>
      ))}
  </dl>
);

/** A JSON value, pretty-printed in a scrollable block reachable by keyboard. */
export const Json: FC<{ v: View; value: unknown; label: Text }> = ({ v, value, label }) => (
  <pre tabindex={0} aria-label={tr(v.lang, label)}>
    <code>{JSON.stringify(value, null, 2)}</code>
  </pre>
);

/** Links to the previous and next page of a list, keeping its filters (`query` without offset). */
export const Pager: FC<{ v: View; base: string; query: URLSearchParams; offset: number; limit: number; more: boolean }> = ({
  v,
  base,
  query,
  offset,
  limit,
  more,
}) => {
  const at = (o: number) => {
    const q = new URLSearchParams(query);
    if (o > 0) q.set('offset', String(o));
    else q.delete('offset');
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  if (offset === 0 && !more) return null;
  return (
    <nav class="pager" aria-label={tr(v.lang, COMMON.page)}>
      {offset > 0 ? <a href={at(Math.max(0, offset - limit))}>← {tr(v.lang, COMMON.previous)}</a> : null}
      {more ? <a href={at(offset + limit)}>{tr(v.lang, COMMON.next)} →</a> : null}
    </nav>
  );
};

/** A labelled form control: `<label>` then the control (an input or select) with that id. */
export const Field: FC<PropsWithChildren<{ v: View; id: string; label: Text }>> = ({ v, id, label, children }) => (
  <div class="field">
    <label for={id}>{tr(v.lang, label)}</label>
    {children}
  </div>
);

/** A `<select>` of `options` (`[value, shown]`), with "any" first, `value` selected. */
export const Choice: FC<{ v: View; id: string; value: string | undefined; options: readonly (readonly [string, string])[] }> = ({
  v,
  id,
  value,
  options,
}) => (
  <select id={id} name={id}>
    <option value="">{tr(v.lang, COMMON.any)}</option>
    {options.map(([o, shown]) => (
      <option value={o} selected={o === value}>
        {shown}
      </option>
    ))}
  </select>
);
