import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { formatDay, weekdayName } from "../lib/date";
import type { BookingRules, DeskDoctor } from "../gen/desk";
import { toast } from "../lib/toast";
import { DoctorDay } from "./desk/Day";
import { Hours } from "./desk/Hours";
import { Types } from "./desk/Types";
import { Rules } from "./desk/Rules";
import "./DeskBoard.css";

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

export type Send = (method: string, path: string, body?: unknown) => Promise<void>;

