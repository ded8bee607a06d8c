// A doctor's free times, seven days at a time, one block per clinic: the
// doctor card's SlotGrid and the reschedule picker on /history both show it.
import { useEffect, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { callApi } from "../lib/api";
import { addDays, formatDay, formatTime, tashkent, todayInTashkent, weekdayName } from "../lib/date";
import { formatPrice } from "../lib/money";
import { SlotButton } from "./SlotButton";
import type { ClinicSlots, DoctorSlots, Slot } from "../booking";
import "./WeekSlots.css";

/** horizonDays is how far ahead free times are offered (the contract's 14 days). */
const horizonDays = 14;
const weekDays = 7;

export interface WeekSlotsProps {
  lang: Lang;
  doctorId: number;
  /** clinicId limits the grid to one clinic. */
  clinicId?: number;
  onPick: (slot: Slot, clinic: ClinicSlots) => void;
  /** onLoaded runs after each answer (null: a failure). */
  onLoaded?: (answer: DoctorSlots | null) => void;
  /** reload changes to ask again (e.g. after a hold was released). */
  reload?: number;
}

/** WeekSlots loads GET /api/doctors/{id}/slots for a week and shows it. */
export function WeekSlots({ lang, doctorId, clinicId, onPick, onLoaded, reload }: WeekSlotsProps) {
  const [from, setFrom] = useState("");
  const [answer, setAnswer] = useState<DoctorSlots | null>(null);
  const [error, setError] = useState("");
  const today = from ? todayInTashkent() : "";

  useEffect(() => setFrom(todayInTashkent()), []);

  useEffect(() => {
    if (!from) return;
    let live = true;
    const clinic = clinicId ? `&clinic=${clinicId}` : "";
    void callApi<DoctorSlots>("GET", `/api/doctors/${doctorId}/slots?from=${from}&days=${weekDays}${clinic}&lang=${lang}`, undefined, t(lang, "form.networkError")).then((a) => {
      if (!live) return;
      setAnswer(a.data ?? null);
      setError(a.data ? "" : a.error ?? "");
      onLoaded?.(a.data ?? null);
    });
    return () => {
      live = false;
    };
    // onLoaded is a notification only; a new function must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doctorId, clinicId, from, lang, reload]);

  if (!from || (!answer && !error)) return <p className="week-slots__loading" role="status">{t(lang, "slots.loading")}</p>;
  if (error || !answer) return <p className="week-slots__error" role="alert">{error}</p>;

  const canBack = from > today;
  const canForward = addDays(from, weekDays) < addDays(today, horizonDays);
  const empty = answer.clinics.every((c) => c.days.every((d) => d.slots.length === 0));
  const last = addDays(from, weekDays - 1);
  return (
    <div className="week-slots">
      <nav className="week-slots__nav" aria-label={t(lang, "slots.weeks")}>
        <button type="button" className="week-slots__step" disabled={!canBack} onClick={() => setFrom(addDays(from, -weekDays))}>
          ← {t(lang, "slots.prevWeek")}
        </button>
        <span className="week-slots__range">
          {formatDay(from, lang)} — {formatDay(last, lang)}
        </span>
        <button type="button" className="week-slots__step" disabled={!canForward} onClick={() => setFrom(addDays(from, weekDays))}>
          {t(lang, "slots.nextWeek")} →
        </button>
      </nav>
      {empty && (
        <p className="week-slots__empty">
          {answer.nextFree ? t(lang, "slots.nextFree", { date: formatDay(tashkent(answer.nextFree).date, lang) }) : t(lang, "slots.none")}
        </p>
      )}
      {!empty &&
        answer.clinics.map((c) => (
          <section key={c.clinicId} className="week-slots__clinic">
            <h3 className="week-slots__clinic-name">{c.clinicName}</h3>
            <p className="week-slots__clinic-meta">
              {c.address}
              {c.price > 0 && <strong> · {formatPrice(c.price, lang)}</strong>}
            </p>
            <div className="week-slots__days">
              {c.days.map((d) => (
                <div key={d.date} className="week-slots__day">
                  <h4>
                    {weekdayName(d.date, lang)}, {formatDay(d.date, lang)}
                  </h4>
                  {d.slots.length === 0 ? (
                    <p className="week-slots__free-none">{t(lang, "slots.dayNone")}</p>
                  ) : (
                    <div className="week-slots__times">
                      {d.slots.map((s) => (
                        <SlotButton key={s.start} label={`${formatDay(d.date, lang)}, ${formatTime(s.start)}`} onPick={() => onPick(s, c)}>
                          {formatTime(s.start)}
                        </SlotButton>
                      ))}
                    </div>
                  )}
                </div>
              ))}
            </div>
          </section>
        ))}
    </div>
  );
}
