import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { t, tn, type Key, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { clockMinutes, formatDay, formatTime, hhmm, instant, weekdayName } from "../lib/date";
import type { BookingRules, DeskDoctor, DeskVisit, WeeklyHours } from "../gen/desk";
import { formatPrice } from "../lib/money";
import limits from "../../shared/limits.json";
import { VisitTypes } from "../components/VisitTypes";
import "./DeskBoard.css";
import { toast } from "../lib/toast";

export interface DeskBoardProps {
  lang: Lang;
  clinicId: number;
  days: string[];
  doctors: DeskDoctor[];
  /** RFC 3339: when the page was made. */
  now: string;
  /** rules are the clinic's booking rules, to change. */
  rules: BookingRules;
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
      {p.doctors.length > 0 && <h2 className="desk-board__types">{t(lang, "desk.types")}</h2>}
      {p.doctors.map((doc) => (
        <Types key={doc.id} doc={doc} props={p} busy={busy} send={send} />
      ))}
      <h2 className="desk-board__rules">{t(lang, "desk.rules")}</h2>
      <Rules props={p} busy={busy} />
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
  const [dayOff, setDayOff] = useState(false);
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
          <button type="button" className="button button--outline button--small" disabled={busy} onClick={() => send("DELETE", `/api/desk/blocks/${b.id}`)}>
            {t(lang, "desk.unblock")}
          </button>
        </p>
      ))}
      {/* Closing time is now and then, the visits are all day: behind a disclosure, so a day of many doctors stays a screen. */}
      <details className="desk-close">
        <summary>{t(lang, "desk.closeMenu")}</summary>
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
        <span className="desk-form__title">{t(lang, "desk.block")}</span>
        <label className="desk-field desk-field--time">
          <span>{t(lang, "desk.from")}</span>
          <input name="from" type="time" value={from} onChange={(e) => setFrom(e.target.value)} step={300} />
        </label>
        <label className="desk-field desk-field--time">
          <span>{t(lang, "desk.to")}</span>
          <input name="to" type="time" value={to} onChange={(e) => setTo(e.target.value)} step={300} />
        </label>
        <label className="desk-field desk-field--grow">
          <span>{t(lang, "desk.reason")}</span>
          <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={limits.deskReasonMax} />
        </label>
        <button className="button" type="submit" disabled={busy}>
          {t(lang, "desk.blockSubmit")}
        </button>
      </form>
      {/* A whole day off closes every time of the doctor's day: kept away from "Close" and asked twice. */}
      <div className="desk-dayoff">
        {!dayOff ? (
          <button type="button" className="button button--outline button--danger" disabled={busy} onClick={() => setDayOff(true)}>
            {t(lang, "desk.dayOff")}
          </button>
        ) : (
          <div className="desk-confirm" role="group" aria-label={t(lang, "desk.dayOff")}>
            <p>{t(lang, "desk.dayOffAsk", { doctor: doc.name, date: `${weekdayName(day, lang)}, ${formatDay(day, lang)}` })}</p>
            <button type="button" className="button button--danger" data-action="day-off" disabled={busy} onClick={() => send("POST", "/api/desk/exceptions", { clinicId: props.clinicId, doctorId: doc.id, date: day, off: true })}>
              {t(lang, "desk.dayOffYes")}
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => setDayOff(false)}>
              {t(lang, "desk.dayOffNo")}
            </button>
          </div>
        )}
      </div>
      </details>
    </section>
  );
}

/** The page's links are signed for documentLinkMinutes; a minute less is fresh. */
const freshMs = (limits.documentLinkMinutes - 1) * 60_000;
const pageLoaded = typeof performance === "undefined" ? 0 : performance.timeOrigin;

/**
 * VisitDocumentLinks are the documents the patient attached, each opening
 * through the link signed for this staff member; one older than it lasts
 * is asked anew from the desk API (the visit's day) before it opens.
 */
function VisitDocumentLinks({ v, props }: { v: DeskVisit; props: DeskBoardProps }) {
  const { lang } = props;
  async function open(e: MouseEvent<HTMLAnchorElement>, id: number) {
    if (Date.now() - pageLoaded < freshMs) return;
    e.preventDefault();
    const day = v.start.slice(0, 10);
    const answer = await callApi<{ doctors: DeskDoctor[] }>("GET", `/api/desk/visits?clinic=${props.clinicId}&from=${day}&days=1&lang=${lang}`, undefined, t(lang, "form.networkError"));
    const doc = answer.data?.doctors.flatMap((d) => d.visits).find((x) => x.id === v.id)?.documents.find((d) => d.id === id);
    if (doc) window.location.assign(doc.url);
    else toast(answer.error ?? t(lang, "documents.error.notFound"), "error");
  }
  return (
    <div className="desk-visit__documents">
      <span>{t(lang, "documents.desk")}:</span>
      <ul>
        {v.documents.map((d) => (
          <li key={d.id}>
            <a href={d.url} data-document={d.id} onClick={(e) => open(e, d.id)}>
              {d.name}
            </a>{" "}
            <span className="desk-visit__document-kind">({t(lang, d.kind === "referral" ? "documents.kind.referral" : "documents.kind.result")})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** VisitMeeting is an online visit's badge and its meeting link, which
 * the desk pastes (or clears) while the visit is booked. */
function VisitMeeting({ v, lang, busy, send, editable }: { v: DeskVisit; lang: DeskBoardProps["lang"]; busy: boolean; send: Send; editable: boolean }) {
  const [url, setUrl] = useState(v.meetingUrl);
  return (
    <div className="desk-visit__meeting" data-meeting={v.meetingUrl || ""}>
      <span className="desk-visit__online">{t(lang, "desk.online")}</span>{" "}
      {v.meetingUrl ? (
        <a href={v.meetingUrl} target="_blank" rel="noopener noreferrer">
          {v.meetingUrl}
        </a>
      ) : (
        <span>{t(lang, "desk.meetingNone")}</span>
      )}
      {editable && (
        <form
          className="desk-form"
          onSubmit={(e) => {
            e.preventDefault();
            send("PUT", `/api/desk/visits/${v.id}/meeting`, { url });
          }}
        >
          <label className="desk-field desk-field--grow">
            <span>{t(lang, "desk.meeting")}</span>
            <input name="meetingUrl" type="url" inputMode="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} maxLength={limits.meetingUrlMax} />
          </label>
          <button className="button button--small" type="submit" disabled={busy}>
            {t(lang, "desk.meetingSave")}
          </button>
        </form>
      )}
    </div>
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
        {v.patientAge != null && (
          <span className="desk-visit__age" data-age={v.patientAge}>
            {" · "}
            {t(lang, "desk.patientAge", { age: v.patientAge > 0 ? tn(lang, "age", v.patientAge) : t(lang, "age.infant") })}
          </span>
        )}
        {v.noShows > 0 && (
          <span className="desk-visit__noshows" data-noshows={v.noShows}>
            {" "}
            {t(lang, "desk.noShows", { count: String(v.noShows) })}
          </span>
        )}
      </span>
      {(v.typeName || v.price > 0) && (
        <span className="desk-visit__type">
          {v.typeName}
          {v.typeName && v.price > 0 && " · "}
          {v.price > 0 && formatPrice(v.price, lang)}
        </span>
      )}
      {v.returning != null && (
        <span className={`desk-visit__returning desk-visit__returning--${v.returning ? "yes" : "new"}`} data-returning={String(v.returning)}>
          {t(lang, v.returning ? "desk.returning.yes" : "desk.returning.new")}
        </span>
      )}
      {v.reason && <span className="desk-visit__reason">{v.reason}</span>}
      {v.online && <VisitMeeting v={v} lang={lang} busy={busy} send={send} editable={booked} />}
      {v.documents.length > 0 && <VisitDocumentLinks v={v} props={props} />}
      <span className="desk-visit__status">
        {t(lang, `desk.status.${v.status}` as Parameters<typeof t>[1])}
        {booked && v.confirmed && <> · {t(lang, "desk.confirmed")}</>}
      </span>
      {booked && (
        <span className="desk-visit__actions">
          {!v.confirmed && (
            <button type="button" className="button button--small" data-action="confirm" disabled={busy} onClick={() => send("POST", `/api/desk/visits/${v.id}/confirm`)}>
              {t(lang, "desk.confirm")}
            </button>
          )}
          {begun && (
            <>
              <button type="button" className="button button--small button--outline" data-action="attended" disabled={busy} onClick={() => send("POST", `/api/desk/visits/${v.id}/outcome`, { status: "attended" })}>
                {t(lang, "desk.attended")}
              </button>
              <button type="button" className="button button--small button--outline" data-action="no_show" disabled={busy} onClick={() => send("POST", `/api/desk/visits/${v.id}/outcome`, { status: "no_show" })}>
                {t(lang, "desk.noShow")}
              </button>
            </>
          )}
          {!cancelling ? (
            <button type="button" className="button button--small button--outline button--danger" data-action="cancel" disabled={busy} onClick={() => setCancelling(true)}>
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
              <label className="desk-field desk-field--grow">
                <span>{t(lang, "desk.cancelReason")}</span>
                <input name="cancelReason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={limits.deskReasonMax} required />
              </label>
              <button className="button button--small button--danger" type="submit" disabled={busy}>
                {t(lang, "desk.cancelSubmit")}
              </button>
            </form>
          )}
        </span>
      )}
    </li>
  );
}

interface HoursRow {
  weekday: number;
  on: boolean;
  start: string;
  end: string;
  slot: string;
  breaks: [number, number][];
}

function Hours({ doc, props, busy, send }: { doc: DeskDoctor; props: DeskBoardProps; busy: boolean; send: Send }) {
  const { lang } = props;
  // A day's hours as saved, else those of the doctor's first working day:
  // what a day ticked on starts from.
  const first = doc.weekly[0];
  const [rows, setRows] = useState<HoursRow[]>(() =>
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
      const w = doc.weekly.find((x) => x.weekday === weekday);
      const from = w ?? first;
      return { weekday, on: !!w, start: hhmm(from?.start ?? 540), end: hhmm(from?.end ?? 1080), slot: String(from?.slotMin ?? 30), breaks: (w?.breaks ?? []) as [number, number][] };
    }),
  );
  // The last valid hours of each day: a day cleared, then ticked again,
  // gets them back instead of empty fields (issue 34 item 7).
  const kept = useRef(rows.map((r) => ({ ...r })));
  const [error, setError] = useState("");
  const names = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"].map((d) => weekdayName(d, lang));

  function change(i: number, patch: Partial<HoursRow>) {
    setRows((all) =>
      all.map((x, j) => {
        if (j !== i) return x;
        const next = { ...x, ...patch };
        if (patch.on === true && !valid(next)) return { ...kept.current[i], on: true };
        if (valid(next)) kept.current[i] = { ...next };
        return next;
      }),
    );
  }

  function save() {
    const bad = rows.find((r) => r.on && !valid(r));
    if (bad) {
      setError(t(lang, "desk.hoursInvalid", { day: names[bad.weekday - 1] }));
      return;
    }
    setError("");
    const weekly: WeeklyHours[] = rows
      .filter((r) => r.on)
      .map((r) => ({ weekday: r.weekday, start: clockMinutes(r.start), end: clockMinutes(r.end), slotMin: Number(r.slot), breaks: r.breaks }));
    send("PUT", "/api/desk/schedule", { clinicId: props.clinicId, doctorId: doc.id, weekly });
  }
  const captionId = `desk-hours-${doc.id}`;
  return (
    <details className="desk-hours" data-doctor={doc.id}>
      <summary>{doc.name}</summary>
      <table aria-labelledby={captionId}>
        <caption id={captionId} className="visually-hidden">{`${t(lang, "desk.hours")}: ${doc.name}`}</caption>
        <thead>
          <tr>
            <th scope="col">{t(lang, "desk.hours.day")}</th>
            <th scope="col">{t(lang, "desk.hours.start")}</th>
            <th scope="col">{t(lang, "desk.hours.end")}</th>
            <th scope="col">{t(lang, "desk.hours.slot")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.weekday} className={r.on ? "" : "is-off"}>
              <th scope="row">
                <label className="desk-hours__day">
                  <input type="checkbox" checked={r.on} onChange={(e) => change(i, { on: e.target.checked })} /> {names[i]}
                </label>
              </th>
              {(["start", "end", "slot"] as const).map((k) => (
                <td key={k}>
                  <input
                    aria-label={`${names[i]}: ${t(lang, `desk.hours.${k}`)}`}
                    type={k === "slot" ? "number" : "time"}
                    min={k === "slot" ? 5 : undefined}
                    max={k === "slot" ? 480 : undefined}
                    step={k === "slot" ? 5 : 300}
                    value={r[k]}
                    disabled={!r.on}
                    onChange={(e) => change(i, { [k]: e.target.value })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error && <p className="account-form__field-error" role="alert">{error}</p>}
      <button className="button" type="button" disabled={busy} onClick={save}>
        {t(lang, "desk.saveHours")}
      </button>
    </details>
  );
}

/** valid says whether a day's hours can be saved: a start before the end, a slot of 5-480 minutes. */
function valid(r: HoursRow): boolean {
  const start = clockMinutes(r.start);
  const end = clockMinutes(r.end);
  const slot = Number(r.slot);
  return Number.isFinite(start) && Number.isFinite(end) && start < end && Number.isInteger(slot) && slot >= 5 && slot <= 480;
}

/**
 * Types are a doctor's visit types at the clinic, in a section of their
 * own (POST and PUT /api/desk/visit-types).
 */
function Types({ doc, props, busy, send }: { doc: DeskDoctor; props: DeskBoardProps; busy: boolean; send: Send }) {
  return (
    <details className="desk-types" data-doctor={doc.id}>
      <summary>{doc.name}</summary>
      <VisitTypes
        lang={props.lang}
        types={doc.types}
        slot={doc.weekly[0]?.slotMin ?? 0}
        busy={busy}
        onCreate={(f) => send("POST", "/api/desk/visit-types", { clinicId: props.clinicId, doctorId: doc.id, ...f })}
        onUpdate={(id, f) => send("PUT", `/api/desk/visit-types/${id}`, f)}
      />
    </details>
  );
}

/** ruleLimits bound the rules' fields (limits.json; the server checks them again). */
const ruleLimits = { horizonDays: [1, limits.bookingHorizonDaysMax], cancelCutoffHours: [0, limits.cancelCutoffHoursMax] } as const;
const ruleMessages = { horizonDays: "desk.rules.horizonInvalid", cancelCutoffHours: "desk.rules.cutoffInvalid" } as const;
type RuleField = keyof typeof ruleLimits;

/**
 * Rules are the clinic's booking rules: how many days ahead patients book
 * and how many hours before a visit they may still cancel it on the site
 * (PUT /api/desk/booking-rules). A value out of range is said beside its
 * field, in the page's language: here at once, else as the server words it.
 */
function Rules({ props, busy }: { props: DeskBoardProps; busy: boolean }) {
  const { lang, rules } = props;
  const id = useId();
  const [values, setValues] = useState<Record<RuleField, string>>({
    horizonDays: String(rules.horizonDays),
    cancelCutoffHours: String(rules.cancelCutoffHours),
  });
  const [errors, setErrors] = useState<Partial<Record<RuleField, string>>>({});
  const [sending, setSending] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const wrong: Partial<Record<RuleField, string>> = {};
    for (const name of Object.keys(ruleLimits) as RuleField[]) {
      const n = Number(values[name]);
      const [min, max] = ruleLimits[name];
      if (values[name].trim() === "" || !Number.isInteger(n) || n < min || n > max) wrong[name] = t(lang, ruleMessages[name], { max });
    }
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    setSending(true);
    const body = { clinicId: props.clinicId, horizonDays: Number(values.horizonDays), cancelCutoffHours: Number(values.cancelCutoffHours) };
    const answer = await callApi<BookingRules>("PUT", `/api/desk/booking-rules?lang=${lang}`, body, t(lang, "form.networkError"));
    if (answer.data) {
      window.location.reload();
      return;
    }
    setSending(false);
    setErrors(answer.fields ?? {});
    if (!answer.fields) toast(answer.error ?? t(lang, "form.networkError"), "error");
  }

  const field = (name: RuleField, label: Key, hint: Key) => (
    <div className="desk-field desk-rules__field">
      <label htmlFor={`${id}-${name}`}>{t(lang, label)}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={ruleLimits[name][0]}
        max={ruleLimits[name][1]}
        step={1}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-hint${errors[name] ? ` ${id}-${name}-error` : ""}`}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
      <small id={`${id}-${name}-hint`}>{t(lang, hint, { max: ruleLimits[name][1] })}</small>
      {errors[name] && (
        <small className="desk-rules__error" id={`${id}-${name}-error`} role="alert" data-error={name}>
          {errors[name]}
        </small>
      )}
    </div>
  );

  return (
    <details className="desk-rules" data-rules>
      <summary>{rules.cancelCutoffHours > 0 ? t(lang, "desk.rules.summary", { days: rules.horizonDays, hours: rules.cancelCutoffHours }) : t(lang, "desk.rules.summaryBegun", { days: rules.horizonDays })}</summary>
      <form className="desk-form desk-rules__form" noValidate onSubmit={save}>
        {field("horizonDays", "desk.rules.horizon", "desk.rules.horizonHint")}
        {field("cancelCutoffHours", "desk.rules.cutoff", "desk.rules.cutoffHint")}
        <button className="button" type="submit" disabled={busy || sending}>
          {sending ? t(lang, "form.sending") : t(lang, "desk.rules.save")}
        </button>
      </form>
    </details>
  );
}
