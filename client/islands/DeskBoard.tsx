import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { formatDay, formatTime, instant, weekdayName } from "../lib/date";
import type { DeskDoctor, DeskVisit, WeeklyHours } from "../gen/desk";
import "./DeskBoard.css";
import { toast } from "../lib/toast";

export interface DeskBoardProps {
  lang: Lang;
  clinicId: number;
  days: string[];
  doctors: DeskDoctor[];
  /** RFC 3339: when the page was made. */
  now: string;
}

/** hhmm writes minutes after midnight as "09:30". */
function hhmm(min: number): string {
  return `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;
}

/** minutes reads "09:30" as minutes after midnight; NaN when it is not one. */
function minutes(s: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

/**
 * DeskBoard is the clinic desk: per day and doctor, the visits with
 * confirm, cancel with a reason, attended and no-show; the blocks with
 * their removal and a form for a new one; the doctor's weekly hours and a
 * day off. Every change calls the desk API and reloads the page, which is
 * rendered per request.
 */
export default function DeskBoard(p: DeskBoardProps) {
  const { lang } = p;
  const rootRef = useRef<HTMLDivElement>(null);
  const [day, setDay] = useState(p.days[0] ?? "");
  const [busy, setBusy] = useState(false);
  useEffect(() => markReady(rootRef.current), []);

  async function send(method: string, path: string, body?: unknown) {
    setBusy(true);
    const sep = path.includes("?") ? "&" : "?";
    const answer = await callApi<unknown>(method, `${path}${sep}lang=${lang}`, body, t(lang, "form.networkError"));
    if (answer.status >= 200 && answer.status < 300) {
      window.location.reload();
      return;
    }
    setBusy(false);
    toast(answer.error ?? t(lang, "form.networkError"), "error");
  }

  return (
    <div className="desk-board" ref={rootRef}>
      <nav className="desk-board__days" aria-label={t(lang, "desk.days")}>
        {p.days.map((d) => (
          <button key={d} type="button" className={d === day ? "is-active" : ""} aria-pressed={d === day} onClick={() => setDay(d)} data-day={d}>
            {weekdayName(d, lang)}, {formatDay(d, lang)}
          </button>
        ))}
      </nav>
      {p.days.map((d) => (
        <div key={d} className="desk-day" data-date={d} hidden={d !== day}>
          {p.doctors.map((doc) => (
            <DoctorDay key={doc.id} doc={doc} day={d} props={p} busy={busy} send={send} />
          ))}
        </div>
      ))}
      {p.doctors.length > 0 && <h2 className="desk-board__hours">{t(lang, "desk.hours")}</h2>}
      {p.doctors.map((doc) => (
        <Hours key={doc.id} doc={doc} props={p} busy={busy} send={send} />
      ))}
    </div>
  );
}

type Send = (method: string, path: string, body?: unknown) => Promise<void>;

function DoctorDay({ doc, day, props, busy, send }: { doc: DeskDoctor; day: string; props: DeskBoardProps; busy: boolean; send: Send }) {
  const { lang } = props;
  const visits = doc.visits.filter((v) => v.start.slice(0, 10) === day);
  const blocks = doc.blocks.filter((b) => b.start.slice(0, 10) <= day && b.end.slice(0, 10) >= day);
  const [from, setFrom] = useState("14:00");
  const [to, setTo] = useState("18:00");
  const [reason, setReason] = useState("");
  return (
    <section className="desk-doctor" data-doctor={doc.id}>
      <h2>{doc.name}</h2>
      {visits.length === 0 ? (
        <p className="desk-doctor__empty">{t(lang, "desk.noVisits")}</p>
      ) : (
        <ul className="desk-visits">
          {visits.map((v) => (
            <Visit key={v.id} v={v} props={props} busy={busy} send={send} />
          ))}
        </ul>
      )}
      {blocks.map((b) => (
        <p key={b.id} className="desk-block" data-block={b.id}>
          {t(lang, "desk.blocked")}: {formatDay(b.start.slice(0, 10), lang)} {formatTime(b.start)} – {formatDay(b.end.slice(0, 10), lang)} {formatTime(b.end)}
          {b.reason && <> ({b.reason})</>}{" "}
          <button type="button" disabled={busy} onClick={() => send("DELETE", `/api/desk/blocks/${b.id}`)}>
            {t(lang, "desk.unblock")}
          </button>
        </p>
      ))}
      <form
        className="desk-form desk-form--block"
        onSubmit={(e) => {
          e.preventDefault();
          send("POST", "/api/desk/blocks", {
            clinicId: props.clinicId,
            doctorId: doc.id,
            start: `${day}T${from}:00+05:00`,
            end: `${day}T${to}:00+05:00`,
            reason,
          });
        }}
      >
        <span>{t(lang, "desk.block")}</span>
        <label>
          {t(lang, "desk.from")} <input name="from" value={from} onChange={(e) => setFrom(e.target.value)} inputMode="numeric" size={5} />
        </label>
        <label>
          {t(lang, "desk.to")} <input name="to" value={to} onChange={(e) => setTo(e.target.value)} inputMode="numeric" size={5} />
        </label>
        <label>
          {t(lang, "desk.reason")} <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        </label>
        <button type="submit" disabled={busy}>
          {t(lang, "desk.blockSubmit")}
        </button>
        <button type="button" disabled={busy} onClick={() => send("POST", "/api/desk/exceptions", { clinicId: props.clinicId, doctorId: doc.id, date: day, off: true })}>
          {t(lang, "desk.dayOff")}
        </button>
      </form>
    </section>
  );
}

function Visit({ v, props, busy, send }: { v: DeskVisit; props: DeskBoardProps; busy: boolean; send: Send }) {
  const { lang } = props;
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState("");
  const begun = instant(v.start) <= instant(props.now);
  const booked = v.status === "booked";
  return (
    <li className={`desk-visit desk-visit--${v.status}`} data-visit={v.id}>
      <span className="desk-visit__time">
        {formatTime(v.start)}–{formatTime(v.end)}
      </span>
      <span className="desk-visit__patient">
        {/* No name and no phone: the patient deleted their account. */}
        {v.patientName || v.phone ? `${v.patientName}, ${v.phone}` : t(lang, "desk.deletedPatient")}
        {v.noShows > 0 && (
          <span className="desk-visit__noshows" data-noshows={v.noShows}>
            {" "}
            {t(lang, "desk.noShows", { count: String(v.noShows) })}
          </span>
        )}
      </span>
      {v.reason && <span className="desk-visit__reason">{v.reason}</span>}
      <span className="desk-visit__status">
        {t(lang, `desk.status.${v.status}` as Parameters<typeof t>[1])}
        {booked && v.confirmed && <> · {t(lang, "desk.confirmed")}</>}
      </span>
      {booked && (
        <span className="desk-visit__actions">
          {!v.confirmed && (
            <button type="button" data-action="confirm" disabled={busy} onClick={() => send("POST", `/api/desk/visits/${v.id}/confirm`)}>
              {t(lang, "desk.confirm")}
            </button>
          )}
          {begun && (
            <>
              <button type="button" data-action="attended" disabled={busy} onClick={() => send("POST", `/api/desk/visits/${v.id}/outcome`, { status: "attended" })}>
                {t(lang, "desk.attended")}
              </button>
              <button type="button" data-action="no_show" disabled={busy} onClick={() => send("POST", `/api/desk/visits/${v.id}/outcome`, { status: "no_show" })}>
                {t(lang, "desk.noShow")}
              </button>
            </>
          )}
          {!cancelling ? (
            <button type="button" data-action="cancel" disabled={busy} onClick={() => setCancelling(true)}>
              {t(lang, "desk.cancel")}
            </button>
          ) : (
            <form
              className="desk-form"
              onSubmit={(e) => {
                e.preventDefault();
                send("POST", `/api/desk/visits/${v.id}/cancel`, { reason });
              }}
            >
              <label>
                {t(lang, "desk.cancelReason")} <input name="cancelReason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} required />
              </label>
              <button type="submit" disabled={busy}>
                {t(lang, "desk.cancelSubmit")}
              </button>
            </form>
          )}
        </span>
      )}
    </li>
  );
}

function Hours({ doc, props, busy, send }: { doc: DeskDoctor; props: DeskBoardProps; busy: boolean; send: Send }) {
  const { lang } = props;
  const [rows, setRows] = useState(() =>
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
      const w = doc.weekly.find((x) => x.weekday === weekday);
      return { weekday, on: !!w, start: hhmm(w?.start ?? 540), end: hhmm(w?.end ?? 1080), slot: String(w?.slotMin ?? 30), breaks: w?.breaks ?? [] };
    }),
  );
  function save() {
    const weekly: WeeklyHours[] = rows
      .filter((r) => r.on)
      .map((r) => ({ weekday: r.weekday, start: minutes(r.start), end: minutes(r.end), slotMin: Number(r.slot), breaks: r.breaks }));
    send("PUT", "/api/desk/schedule", { clinicId: props.clinicId, doctorId: doc.id, weekly });
  }
  const names = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"].map((d) => weekdayName(d, lang));
  return (
    <details className="desk-hours" data-doctor={doc.id}>
      <summary>{doc.name}</summary>
      <table>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.weekday}>
              <th>
                <label>
                  <input type="checkbox" checked={r.on} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, on: e.target.checked } : x)))} /> {names[i]}
                </label>
              </th>
              {(["start", "end", "slot"] as const).map((k) => (
                <td key={k}>
                  <input aria-label={t(lang, `desk.hours.${k}`)} value={r[k]} size={5} disabled={!r.on} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)))} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" disabled={busy} onClick={save}>
        {t(lang, "desk.saveHours")}
      </button>
    </details>
  );
}
