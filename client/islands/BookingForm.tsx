import { useRef, useState } from "react";
import { t, type Lang, type Key } from "../lib/i18n";
import { bookingClosed, type BookingRequest } from "../lib/booking";
import { SignInSteps } from "../components/SignInSteps";
import { useModal } from "../lib/dialog";
import { useHold } from "./booking/useHold";
import { usePatient } from "./booking/usePatient";
import { useRequest } from "./booking/useRequest";
import { useVisitForm } from "./booking/useVisitForm";
import { useSubmit } from "./booking/useSubmit";
import { Summary } from "./booking/Summary";
import { Countdown, Waiting } from "./booking/HoldState";
import { VisitStep } from "./booking/VisitStep";
import "./BookingForm.css";

export interface BookingFormProps {
  lang: Lang;
}

/**
 * BookingForm is the booking dialog. It waits, closed, until a picker
 * (the free times of lib/freeTimes.ts, a reschedule) hands it a time; then it holds the
 * time for five minutes (booking/useHold), shows the countdown, signs the
 * visitor in by SMS code when needed, asks who the visit is for, the reason
 * and consent (booking/VisitStep), and books (booking/useSubmit). A
 * reschedule books nothing new: it moves the visit onto the held time.
 */
export default function BookingForm({ lang }: BookingFormProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLElement>(null);
  const busy = useState(false);
  const held = useHold(lang, busy[0]);
  const form = useVisitForm();
  const { request, clinic, setRequest } = useRequest(lang, rootRef, start);
  const patient = usePatient(lang, request?.doctorId ?? 0);
  const submit = useSubmit(lang, request, busy, held, patient, form);

  function start(r: BookingRequest) {
    form.restart();
    submit.clear();
    void held.hold(r);
    patient.ask();
  }

  // A modal from the keyboard too: focus in, the page behind inert, Tab
  // kept inside, Escape closes (releasing the hold), focus back on the time.
  useModal(rootRef, !!request, close, () => ({
    initial: dialogRef.current,
    restore: () => (request ? document.querySelector<HTMLElement>(`.slot-button[data-start="${request.start}"]`) : null),
  }));

  function close() {
    const h = held.holdRef.current;
    held.holdRef.current = null;
    setRequest(null);
    // The pickers ask for free times again once the hold is released, so
    // the time shows free (and keeps the focus it had).
    if (!h) return bookingClosed();
    void fetch(`/api/bookings/holds/${h.id}?key=${encodeURIComponent(h.key)}&lang=${lang}`, { method: "DELETE", credentials: "same-origin" })
      .catch(() => undefined)
      .finally(bookingClosed);
  }

  if (!request) return <div ref={rootRef} className="booking-form" hidden />;
  // A waitlist offer (a hold made for the patient) says so in its title.
  const title = request.rescheduleId ? "bookingForm.rescheduleTitle" : request.hold ? "waitlist.offerTitle" : "bookingForm.title";
  const { stage } = held;
  const signedIn = patient.signedIn;
  return (
    <div ref={rootRef} className="booking-form">
      <div className="booking-form__backdrop" onClick={close} />
      <section ref={dialogRef} className="booking-form__dialog" role="dialog" aria-modal="true" aria-labelledby="booking-form-title" tabIndex={-1}>
        <header className="booking-form__head">
          <h2 id="booking-form-title">{t(lang, title as Key)}</h2>
          <button type="button" className="booking-form__close" onClick={close} aria-label={t(lang, "bookingForm.close")}>×</button>
        </header>
        <Summary lang={lang} request={request} clinic={clinic} />
        <Waiting lang={lang} stage={stage} close={close} />
        {stage.kind === "held" && (
          <>
            <Countdown lang={lang} left={held.left} now={held.now} cancelUntil={stage.hold.cancelUntil} />
            {signedIn === false && <SignInSteps lang={lang} intro={t(lang, "bookingForm.signInIntro")} onSignedIn={() => {
                  patient.setSignedIn(true);
                  void held.extend();
                }} />}
            {signedIn && request.rescheduleId && (
              <div className="booking-form__actions">
                {submit.error && <p className="account-form__error" role="alert">{submit.error}</p>}
                <button type="button" className="button" disabled={submit.busy} onClick={submit.reschedule}>
                  {submit.busy ? t(lang, "form.sending") : t(lang, "bookingForm.rescheduleSubmit")}
                </button>
              </div>
            )}
            {signedIn && !request.rescheduleId && <VisitStep lang={lang} form={form} patient={patient} submit={submit} />}
          </>
        )}
      </section>
    </div>
  );
}
