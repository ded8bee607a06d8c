import { useRef, useState } from "react";
import { t } from "../../lib/i18n";
import { clockMinutes, hhmm, weekdayName } from "../../lib/date";
import type { DeskDoctor, WeeklyHours } from "../../gen/desk";
import type { DeskBoardProps, Send } from "../DeskBoard";

interface HoursRow {
  weekday: number;
  on: boolean;
  start: string;
  end: string;
  slot: string;
  breaks: [number, number][];
}

export function Hours({ doc, props, busy, send }: { doc: DeskDoctor; props: DeskBoardProps; busy: boolean; send: Send }) {
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

