import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { toast } from "../lib/toast";
import { callApi } from "../lib/api";
import { formatDateTime, instant } from "../lib/date";
import { onBookingClosed, openBooking } from "../lib/booking";
import { WeekSlots } from "../components/WeekSlots";
import type { Booking } from "../booking";
import "./BookingActions.css";

export interface BookingActionsProps {
  lang: Lang;
  bookingId: number;
  doctorId: number;
  doctorName: string;
  clinicId: number;
  /** typeId is the visit's type: the new time is for the same type. */
  typeId?: number;
  canCancel: boolean;
  canReschedule: boolean;
  /** RFC 3339: the clinic's cut-off for cancelling. */
  cancelUntil: string;
}

/** longestTimer is the longest delay setTimeout keeps (about 24.8 days). */
const longestTimer = 2 ** 31 - 1;

/**
 * usePassed turns true once the instant `until` (RFC 3339) has passed,
 * checked after hydration and again at that moment: false on the server
 * and in the first render, so the markup matches.
 */
function usePassed(until: string): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const left = instant(until) - Date.now();
    if (left <= 0) {
      setPassed(true);
      return;
    }
    if (left > longestTimer) return;
    const timer = setTimeout(() => setPassed(true), left);
    return () => clearTimeout(timer);
  }, [until]);
  return passed;
}

/**
 * BookingActions is a visit's cancel and reschedule on /history and its
 * confirmation page. Cancelling asks once more, then reloads the page (it is
 * rendered per request). Rescheduling opens the doctor's free times at the
 * same clinic; the chosen time goes to the BookingForm, which holds it and
 * moves the visit, so a failure keeps the old one.
 */
export default function BookingActions(p: BookingActionsProps) {
  const { lang } = p;
  const rootRef = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);
  const closed = usePassed(p.cancelUntil);

  useEffect(() => markReady(rootRef.current), []);
  useEffect(() => onBookingClosed(() => setReload((n) => n + 1)), []);

  async function cancel() {
    setBusy(true);
    const answer = await callApi<Booking>("POST", `/api/bookings/${p.bookingId}/cancel?lang=${lang}`, {}, t(lang, "form.networkError"));
    if (answer.data) {
      window.location.reload();
      return;
    }
    setBusy(false);
    setConfirming(false);
    if (answer.error) toast(answer.error, "error");
  }

  if (!p.canCancel && !p.canReschedule) return <div ref={rootRef} className="booking-actions" hidden />;
  // The cut-off passed while the page was open: the server would refuse.
  if (closed) {
    return (
      <div ref={rootRef} className="booking-actions" data-closed>
        <p className="booking-actions__note" role="note">{t(lang, "history.phoneOnly")}</p>
      </div>
    );
  }
  return (
    <div ref={rootRef} className="booking-actions">
      <div className="booking-actions__buttons">
        {p.canReschedule && (
          <button type="button" className="button button--outline" aria-expanded={picking} onClick={() => setPicking(!picking)}>
            {t(lang, "history.reschedule")}
          </button>
        )}
        {p.canCancel && !confirming && (
          <button type="button" className="button button--outline booking-actions__cancel" onClick={() => setConfirming(true)}>
            {t(lang, "history.cancel")}
          </button>
        )}
      </div>
      {p.canCancel && <p className="booking-actions__note">{t(lang, "history.cancelUntil", { time: formatDateTime(p.cancelUntil, lang) })}</p>}
      {confirming && (
        <div className="booking-actions__confirm" role="group" aria-label={t(lang, "history.cancelQuestion")}>
          <p>{t(lang, "history.cancelQuestion")}</p>
          <button type="button" className="button booking-actions__cancel" disabled={busy} onClick={cancel}>
            {busy ? t(lang, "form.sending") : t(lang, "history.cancelYes")}
          </button>
          <button type="button" className="button button--outline" disabled={busy} onClick={() => setConfirming(false)}>
            {t(lang, "history.cancelNo")}
          </button>
        </div>
      )}
      {picking && (
        <div className="booking-actions__picker">
          <p>{t(lang, "history.pickNewTime")}</p>
          <WeekSlots
            lang={lang}
            doctorId={p.doctorId}
            clinicId={p.clinicId}
            typeId={p.typeId}
            rescheduleId={p.bookingId}
            reload={reload}
            onPick={(s, c) =>
              openBooking({
                doctorId: p.doctorId,
                doctorName: p.doctorName,
                clinicId: c.clinicId,
                start: s.start,
                clinicName: c.clinicName,
                address: c.address,
                price: c.price,
                ...(c.type ? { typeId: c.type.id, typeName: c.type.name, minutes: c.type.minutes } : {}),
                rescheduleId: p.bookingId,
              })
            }
          />
        </div>
      )}
    </div>
  );
}
