import { useState, type MouseEvent } from "react";
import { t, tn } from "../../lib/i18n";
import { callApi } from "../../lib/api";
import { formatDay, formatTime, instant, weekdayName } from "../../lib/date";
import type { DeskDoctor, DeskVisit } from "../../gen/desk";
import { formatPrice } from "../../lib/money";
import limits from "../../../shared/limits.json";
import { toast } from "../../lib/toast";
import type { DeskBoardProps, Send } from "../DeskBoard";

export function DoctorDay({ doc, day, props, busy, send }: { doc: DeskDoctor; day: string; props: DeskBoardProps; busy: boolean; send: Send }) {
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

