/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import { advanceClock, resetSandbox } from '../../../simulate/service';
import { addMonths, dayStart, localDate } from '../../../time/dates';
import { shownDate } from '../format';
import { both, COMMON, tr } from '../i18n';
import { BASE, page, viewOf } from '../render';
import { clockState } from '../service';
import type { Action, DashEnv, Flash, PageModule, Text } from '../types';
import { ActionForm, Facts, When } from '../ui';

/**
 * The sandbox's clock (now; advance it by an hour, a day, a month) and its reset, through the simulation API's own
 * services: moving the clock runs every job that falls due on the way, as `POST .../clock/advance` does.
 */

const HOME = `${BASE}/clock`;

const CK = {
  title: both('Reloj y reinicio', 'Clock and reset'),
  now: both('Ahora, en el sandbox', 'Now, in the sandbox'),
  ahead: both('Adelanto sobre la hora real', 'Ahead of real time'),
  pending: both('Trabajos pendientes', 'Pending jobs'),
  next: both('Próximo trabajo', 'Next job'),
  none: both('ninguno', 'none'),
  advance: both('Adelantar el reloj', 'Advance the clock'),
  advanceNote: both(
    'Cada trabajo que vence en el camino (3-D Secure que expira, cargos vencidos, pagos, cobros de suscripciones, reintentos de webhooks) se ejecuta en orden.',
    'Every job that falls due on the way (3-D Secure expiring, charges past due, payouts, subscription billing, webhook retries) runs, in order.',
  ),
  hour: both('1 hora', '1 hour'),
  day: both('1 día', '1 day'),
  month: both('1 mes', '1 month'),
  reset: both('Reiniciar el sandbox', 'Reset the sandbox'),
  resetNote: both(
    'Borra todo: clientes, tarjetas, transacciones, el libro mayor, los eventos, los trabajos y el registro de solicitudes; el reloj vuelve a la hora real. Tu sesión sigue abierta.',
    'Deletes everything: customers, cards, transactions, the ledger, events, jobs and the request log; the clock goes back to real time. Your session stays open.',
  ),
  confirm: both('Entiendo que se borra todo', 'I understand that everything is deleted'),
  confirmMissing: both('Marca la casilla para confirmar el reinicio.', 'Tick the box to confirm the reset.'),
  resetDone: both('El sandbox está vacío y el reloj volvió a la hora real.', 'The sandbox is empty and the clock is back on real time.'),
};

/** `1 d 3 h 20 min` / `0 min`: a duration in milliseconds, to the minute. */
export function shownDuration(ms: number): string {
  const min = Math.floor(ms / 60_000);
  const [d, h, m] = [Math.floor(min / 1440), Math.floor((min % 1440) / 60), min % 60];
  return [d ? `${d} d` : '', h ? `${h} h` : '', m || (!d && !h) ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** Seconds from `nowMs` to the same time of day one calendar month later (central time; Jan 31 -> Feb 28 or 29). */
export const monthSeconds = (nowMs: number): number => {
  const today = localDate(nowMs);
  return (dayStart(addMonths(today, 1)) - dayStart(today)) / 1000;
};

/** The steps the advance buttons offer: their seconds (a month's from now) and their names. */
const STEPS: Readonly<Record<string, { seconds: (nowMs: number) => number; name: Text }>> = {
  hour: { seconds: () => 3600, name: CK.hour },
  day: { seconds: () => 86_400, name: CK.day },
  month: { seconds: monthSeconds, name: CK.month },
};

/** `GET /dashboard/clock`. */
function clockView(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const s = clockState(d);
  return page(
    c,
    CK.title,
    <>
      <Facts
        v={v}
        items={[
          [CK.now, <When ms={s.now} />],
          [CK.ahead, shownDuration(s.offsetMs)],
          [CK.pending, String(s.pendingJobs)],
          [CK.next, s.nextJobAt === undefined ? tr(v.lang, CK.none) : <When ms={s.nextJobAt} />],
        ]}
      />
      <p class="note">{tr(v.lang, COMMON.centralTime)}</p>
      {v.simulate ? (
        <>
          <section class="panel" aria-labelledby="advance-title">
            <h2 id="advance-title">{tr(v.lang, CK.advance)}</h2>
            <p class="note">{tr(v.lang, CK.advanceNote)}</p>
            <div class="actions">
              {Object.entries(STEPS).map(([step, { name }]) => (
                <ActionForm v={v} action={`${HOME}/do/advance`}>
                  <input type="hidden" name="step" value={step} />
                  <button type="submit">+ {tr(v.lang, name)}</button>
                </ActionForm>
              ))}
            </div>
          </section>
          <section class="panel" aria-labelledby="reset-title">
            <h2 id="reset-title">{tr(v.lang, CK.reset)}</h2>
            <p>{tr(v.lang, CK.resetNote)}</p>
            <ActionForm v={v} action={`${HOME}/do/reset`}>
              <div class="actions">
                <span class="check">
                  <input type="checkbox" id="confirm" name="confirm" value="yes" required />
                  <label for="confirm">{tr(v.lang, CK.confirm)}</label>
                </span>
                <button type="submit" class="danger">
                  {tr(v.lang, CK.reset)}
                </button>
              </div>
            </ActionForm>
          </section>
        </>
      ) : (
        <p class="note">{tr(v.lang, COMMON.productionMode)}</p>
      )}
    </>,
  );
}

/** The clock's buttons: advance (hour, day, month) and reset, through the simulation API's services. */
const ACTIONS: Readonly<Record<string, Action>> = {
  advance: async (d, form): Promise<Flash> => {
    const step = STEPS[form.step ?? ''] ?? STEPS.hour!;
    const { now, jobs } = await advanceClock(d, step.seconds(d.clock.nowMs()));
    return {
      ok: true,
      text: both(
        `Reloj adelantado ${step.name.es}: ahora ${shownDate(now)}; ${jobs} ${jobs === 1 ? 'trabajo ejecutado' : 'trabajos ejecutados'}.`,
        `Clock advanced ${step.name.en}: now ${shownDate(now)}; ${jobs} ${jobs === 1 ? 'job' : 'jobs'} run.`,
      ),
    };
  },
  reset: (d, form): Flash => {
    if (form.confirm !== 'yes') return { ok: false, text: CK.confirmMissing };
    resetSandbox(d);
    return { ok: true, text: CK.resetDone };
  },
};

/** The page module (../registry.ts). */
export const clockPage: PageModule = {
  path: 'clock',
  title: CK.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => clockView(d, c)),
  actions: ACTIONS,
};
