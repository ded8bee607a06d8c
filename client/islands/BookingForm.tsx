import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { t, type Lang, type Key } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { pathHref } from "../lib/href";
import { formatPrice } from "../lib/money";
import { formatDateTime, instant } from "../lib/date";
import { bookingClosed, newIdempotencyKey, onBookingRequest, type BookingRequest } from "../lib/booking";
import { SignInSteps, fetchSession } from "../components/SignInSteps";
import { trackEvent } from "../lib/track";
import { useModal } from "../lib/dialog";
import { required } from "../lib/formRules";
import type { Booking, DoctorSlots, Hold } from "../booking";
import type { ReturningAnswers } from "../gen/booking";
import type { User } from "../gen/account";
import "./BookingForm.css";

export interface BookingFormProps {
  lang: Lang;
}

/** Clinic is what the form shows of the clinic, once known. */
interface ClinicInfo {
  name: string;
  address: string;
  price: number;
}

type Stage =
  | { kind: "holding" }
  | { kind: "held"; hold: Hold }
  | { kind: "expired" }
  | { kind: "refused"; message: string };

/**
 * BookingForm is the booking dialog. It waits, closed, until a picker
 * (the free times of lib/freeTimes.ts, a reschedule) hands it a time; then it holds the
 * time for five minutes (POST /api/bookings/holds), shows the countdown,
 * signs the visitor in by SMS code when needed, asks who the visit is for,
 * the reason and consent, and books (POST /api/bookings, one idempotency
 * key per hold, so a double tap books once). A reschedule books nothing new:
 * it moves the visit onto the held time (POST /api/bookings/{id}/reschedule).
 */
export default function BookingForm({ lang }: BookingFormProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLElement>(null);
  const [request, setRequest] = useState<BookingRequest | null>(null);
  const [clinic, setClinic] = useState<ClinicInfo | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: "holding" });
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [forSelf, setForSelf] = useState(true);
  const [patientName, setPatientName] = useState("");
  const [birthDate, setBirthDate] = useState("");
  const [reason, setReason] = useState("");
  // What a visit for oneself needs and the profile lacks (null: not known
  // yet): the clinic needs the patient's name and birth date.
  const [missing, setMissing] = useState<{ firstName: boolean; lastName: boolean; birthDate: boolean } | null>(null);
  const [self, setSelf] = useState({ firstName: "", lastName: "", birthDate: "" });
  const [consent, setConsent] = useState(false);
  // "Been to this doctor before?": what is known for the user's patients
  // (null: not yet asked the server), and this visit's answer.
  const [answers, setAnswers] = useState<ReturningAnswers | null>(null);
  const [returning, setReturning] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const idempotencyKey = useRef("");
  const holdRef = useRef<Hold | null>(null);
  // One hold request key per time asked for: asking for the same time
  // again (after a lost answer or a network error) gets the same hold back
  // instead of "taken".
  const holdKeys = useRef(new Map<string, string>());
  const q = `?lang=${lang}`;
  const networkError = t(lang, "form.networkError");

  const hold = useCallback(
    async (r: BookingRequest) => {
      setStage({ kind: "holding" });
      setError("");
      setFields({});
      if (r.hold) {
        holdRef.current = r.hold;
        idempotencyKey.current = newIdempotencyKey();
        setNow(Date.now());
        setStage({ kind: "held", hold: r.hold });
        return;
      }
      const asked = `${r.doctorId}/${r.clinicId}/${r.start}/${r.typeId ?? 0}`;
      const requestKey = holdKeys.current.get(asked) ?? newIdempotencyKey();
      holdKeys.current.set(asked, requestKey);
      const answer = await callApi<Hold>(
        "POST",
        `/api/bookings/holds${q}`,
        { doctorId: r.doctorId, clinicId: r.clinicId, start: r.start, typeId: r.typeId, idempotencyKey: requestKey },
        networkError,
      );
      if (answer.error || !answer.data) {
        setStage({ kind: "refused", message: answer.error ?? networkError });
        return;
      }
      holdRef.current = answer.data;
      idempotencyKey.current = newIdempotencyKey();
      setNow(Date.now());
      setStage({ kind: "held", hold: answer.data });
    },
    [q, networkError],
  );

  useEffect(() => {
    markReady(rootRef.current);
    return onBookingRequest((r) => {
      setRequest(r);
      setClinic(r.clinicName ? { name: r.clinicName, address: r.address ?? "", price: r.price ?? 0 } : null);
      setConsent(false);
      setReturning(null);
      setAnswers(null);
      // A new visit (not a reschedule) counts for the doctor and the clinic.
      if (!r.rescheduleId) {
        void trackEvent("doctor", r.doctorId, "booking_started");
        void trackEvent("clinic", r.clinicId, "booking_started");
      }
      void hold(r);
      void fetchSession(lang).then((s) => setSignedIn(!!s?.signedIn));
      if (!r.clinicName) {
        // A listing knows the time but not the clinic's address and price.
        const day = r.start.slice(0, 10);
        void callApi<DoctorSlots>("GET", `/api/doctors/${r.doctorId}/slots?clinic=${r.clinicId}&from=${day}&days=1&lang=${lang}`, undefined, networkError).then(
          (a) => {
            const c = a.data?.clinics.find((x) => x.clinicId === r.clinicId);
            if (c) setClinic({ name: c.clinicName, address: c.address, price: c.price });
          },
        );
      }
    });
  }, [hold, lang, networkError]);

  // Once signed in, the profile tells what a visit for oneself still needs.
  useEffect(() => {
    if (!signedIn) return;
    void callApi<User>("GET", `/api/account/profile?lang=${lang}`, undefined, networkError).then((a) => {
      if (a.data) setMissing({ firstName: !a.data.firstName, lastName: !a.data.lastName, birthDate: !a.data.birthDate });
    });
  }, [signedIn, lang, networkError]);

  // Once signed in, what is known of having been to this doctor: the
  // question is asked once per patient and doctor.
  const doctorId = request?.doctorId ?? 0;
  useEffect(() => {
    if (!signedIn || !doctorId) return;
    void callApi<ReturningAnswers>("GET", `/api/bookings/returning?doctor=${doctorId}&lang=${lang}`, undefined, networkError).then((a) => {
      if (a.data) setAnswers(a.data);
    });
  }, [signedIn, doctorId, lang, networkError]);

  // The countdown ticks while a hold is live.
  useEffect(() => {
    if (stage.kind !== "held") return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [stage.kind]);

  const left = stage.kind === "held" ? Math.max(0, Math.floor((instant(stage.hold.expiresAt) - now) / 1000)) : 0;
  useEffect(() => {
    if (stage.kind === "held" && left === 0 && !busy) {
      holdRef.current = null;
      setStage({ kind: "expired" });
    }
  }, [stage.kind, left, busy]);

  // A modal from the keyboard too: focus in, the page behind inert, Tab
  // kept inside, Escape closes (releasing the hold), focus back on the time.
  useModal(rootRef, !!request, close, () => ({
    initial: dialogRef.current,
    restore: () => (request ? document.querySelector<HTMLElement>(`.slot-button[data-start="${request.start}"]`) : null),
  }));

  function close() {
    const h = holdRef.current;
    holdRef.current = null;
    setRequest(null);
    // The pickers ask for free times again once the hold is released, so
    // the time shows free (and keeps the focus it had).
    if (!h) return bookingClosed();
    void fetch(`/api/bookings/holds/${h.id}?key=${encodeURIComponent(h.key)}&lang=${lang}`, { method: "DELETE", credentials: "same-origin" })
      .catch(() => undefined)
      .finally(bookingClosed);
  }

  function done(b: Booking) {
    holdRef.current = null;
    window.location.assign(pathHref(`/history/${b.id}`, { lang, region: "" }));
  }

  function refused(status: number, message: string, f?: Record<string, string>) {
    setBusy(false);
    // A 409 means the held time is gone (expired, taken, overlapping): the
    // visitor picks again.
    if (status === 409) {
      holdRef.current = null;
      setStage({ kind: "refused", message });
      return;
    }
    if (status === 401) setSignedIn(false);
    setError(message);
    setFields(f ?? {});
  }

  async function book(e: FormEvent) {
    e.preventDefault();
    if (stage.kind !== "held" || busy) return;
    setError("");
    // Someone else's visit needs their name (SPEC §5 required), in the
    // server's words; the server checks it again, with the rest.
    if (!forSelf && !required(patientName)) {
      setFields({ name: t(lang, "booking.nameRequired") });
      return;
    }
    setFields({});
    setBusy(true);
    const h = stage.hold;
    const patient = forSelf ? { self: true, ...selfDetails() } : { self: false, name: patientName.trim(), birthDate };
    const answer = await callApi<Booking>(
      "POST",
      `/api/bookings${q}`,
      {
        holdId: h.id,
        holdKey: h.key,
        idempotencyKey: idempotencyKey.current,
        patient,
        reason: reason.trim(),
        consent,
        returning: askReturning && returning !== null ? returning : undefined,
      },
      networkError,
    );
    if (answer.data) return done(answer.data);
    refused(answer.status, answer.error ?? networkError, answer.fields);
  }

  /** selfDetails are the fields the profile lacks, as typed. */
  function selfDetails() {
    const out: Record<string, string> = {};
    if (missing?.firstName) out.firstName = self.firstName.trim();
    if (missing?.lastName) out.lastName = self.lastName.trim();
    if (missing?.birthDate) out.birthDate = self.birthDate;
    return out;
  }

  async function reschedule() {
    if (stage.kind !== "held" || busy || !request?.rescheduleId) return;
    setBusy(true);
    setError("");
    const h = stage.hold;
    const answer = await callApi<Booking>("POST", `/api/bookings/${request.rescheduleId}/reschedule${q}`, { holdId: h.id, holdKey: h.key }, networkError);
    if (answer.data) return done(answer.data);
    refused(answer.status, answer.error ?? networkError, answer.fields);
  }

  /** knownReturning: the patient's answer is known already (asked once per patient and doctor). */
  function knownReturning(): boolean {
    if (!answers) return true; // not known yet whether to ask: ask nothing
    if (forSelf) return answers.self != null;
    const name = patientName.trim().toLowerCase();
    return answers.relatives.some((r) => r.name.toLowerCase() === name && r.birthDate === birthDate);
  }
  const askReturning = !knownReturning();

  const fieldError = (...names: string[]) => names.map((n) => fields[n]).find(Boolean) ?? "";
  const known = ["patient", "patient.name", "patient.birthDate", "name", "birthDate", "firstName", "lastName", "reason", "consent"];
  const otherFields = Object.entries(fields).filter(([k]) => !known.includes(k)).map(([, v]) => v);

  if (!request) return <div ref={rootRef} className="booking-form" hidden />;

  /** selfField is an input for a detail of the patient's own profile. */
  const selfField = (name: "firstName" | "lastName" | "birthDate", label: Key, autoComplete: string) => {
    const id = `booking-self-${name}`;
    const err = fields[name];
    return (
      <div className="account-form__field">
        <label htmlFor={id}>{t(lang, label)}</label>
        <input
          id={id}
          type={name === "birthDate" ? "date" : "text"}
          value={self[name]}
          maxLength={name === "birthDate" ? undefined : 60}
          autoComplete={autoComplete}
          onChange={(e) => setSelf({ ...self, [name]: e.target.value })}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-error` : undefined}
        />
        {err && <p id={`${id}-error`} className="account-form__field-error">{err}</p>}
      </div>
    );
  };

  // A waitlist offer (a hold made for the patient) says so in its title.
  const title = request.rescheduleId ? "bookingForm.rescheduleTitle" : request.hold ? "waitlist.offerTitle" : "bookingForm.title";
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  const nameError = fieldError("patient.name", "name");
  const birthError = fieldError("patient.birthDate", "birthDate");
  const reasonError = fieldError("reason");
  const consentError = fieldError("consent");
  return (
    <div ref={rootRef} className="booking-form">
      <div className="booking-form__backdrop" onClick={close} />
      <section ref={dialogRef} className="booking-form__dialog" role="dialog" aria-modal="true" aria-labelledby="booking-form-title" tabIndex={-1}>
        <header className="booking-form__head">
          <h2 id="booking-form-title">{t(lang, title as Key)}</h2>
          <button type="button" className="booking-form__close" onClick={close} aria-label={t(lang, "bookingForm.close")}>×</button>
        </header>
        <dl className="booking-form__summary">
          <dt>{t(lang, "bookingForm.doctor")}</dt>
          <dd>{request.doctorName}</dd>
          <dt>{t(lang, "bookingForm.when")}</dt>
          <dd className="booking-form__when">{formatDateTime(request.start, lang)}</dd>
          {request.typeName && (
            <>
              <dt>{t(lang, "bookingForm.visitType")}</dt>
              <dd className="booking-form__type">
                {request.typeName}
                {request.minutes ? `, ${t(lang, "bookingForm.minutes", { n: request.minutes })}` : ""}
              </dd>
            </>
          )}
          {clinic && (
            <>
              <dt>{t(lang, "bookingForm.clinic")}</dt>
              <dd>
                {clinic.name}
                {clinic.address && <div className="booking-form__address">{clinic.address}</div>}
              </dd>
              {clinic.price > 0 && (
                <>
                  <dt>{t(lang, "bookingForm.price")}</dt>
                  <dd>{formatPrice(clinic.price, lang)}</dd>
                </>
              )}
            </>
          )}
        </dl>

        {stage.kind === "holding" && <p role="status">{t(lang, "bookingForm.holding")}</p>}
        {(stage.kind === "refused" || stage.kind === "expired") && (
          <div className="booking-form__gone">
            <p role="alert">{stage.kind === "expired" ? t(lang, "bookingForm.expired") : stage.message}</p>
            <button type="button" className="button" onClick={close}>{t(lang, "bookingForm.pickAgain")}</button>
          </div>
        )}
        {stage.kind === "held" && (
          <>
            <p className="booking-form__countdown" role="timer" aria-live="off">
              {/* "4 мин 05 с", not "4:05", which reads as a clock time. */}
              {t(lang, "bookingForm.heldFor", { time: t(lang, "bookingForm.left", { m: minutes, s: `${seconds < 10 ? "0" : ""}${seconds}` }) })}
            </p>
            {/* Inside the clinic's cancel cut-off already: say so before the booking, not in the SMS after it. */}
            {stage.hold.cancelUntil && instant(stage.hold.cancelUntil) <= now && (
              <p className="booking-form__warning" role="note">{t(lang, "bookingForm.phoneOnly")}</p>
            )}
            {signedIn === false && (
              <SignInSteps lang={lang} intro={t(lang, "bookingForm.signInIntro")} onSignedIn={() => setSignedIn(true)} />
            )}
            {signedIn && request.rescheduleId && (
              <div className="booking-form__actions">
                {error && <p className="account-form__error" role="alert">{error}</p>}
                <button type="button" className="button" disabled={busy} onClick={reschedule}>
                  {busy ? t(lang, "form.sending") : t(lang, "bookingForm.rescheduleSubmit")}
                </button>
              </div>
            )}
            {signedIn && !request.rescheduleId && (
              <form className="account-form booking-form__form" onSubmit={book} noValidate>
                <fieldset className="booking-form__who">
                  <legend>{t(lang, "bookingForm.who")}</legend>
                  <label>
                    <input type="radio" name="who" checked={forSelf} onChange={() => setForSelf(true)} /> {t(lang, "bookingForm.self")}
                  </label>
                  <label>
                    <input type="radio" name="who" checked={!forSelf} onChange={() => setForSelf(false)} /> {t(lang, "bookingForm.relative")}
                  </label>
                </fieldset>
                {forSelf && missing && (missing.firstName || missing.lastName || missing.birthDate) && (
                  <div className="booking-form__self">
                    <p className="booking-form__note">{t(lang, "bookingForm.selfDetails")}</p>
                    {missing.firstName && selfField("firstName", "bookingForm.firstName", "given-name")}
                    {missing.lastName && selfField("lastName", "bookingForm.lastName", "family-name")}
                    {missing.birthDate && selfField("birthDate", "bookingForm.selfBirthDate", "bday")}
                  </div>
                )}
                {!forSelf && (
                  <>
                    <div className="account-form__field">
                      <label htmlFor="booking-patient-name">{t(lang, "bookingForm.patientName")}</label>
                      <input id="booking-patient-name" value={patientName} maxLength={120} autoComplete="off" onChange={(e) => setPatientName(e.target.value)} aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? "booking-patient-name-error" : undefined} />
                      {nameError && <p id="booking-patient-name-error" className="account-form__field-error">{nameError}</p>}
                    </div>
                    <div className="account-form__field">
                      <label htmlFor="booking-birth-date">{t(lang, "bookingForm.birthDate")}</label>
                      <input id="booking-birth-date" type="date" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} aria-invalid={birthError ? true : undefined} aria-describedby={birthError ? "booking-birth-date-error" : undefined} />
                      {birthError && <p id="booking-birth-date-error" className="account-form__field-error">{birthError}</p>}
                    </div>
                  </>
                )}
                {askReturning && (
                  <fieldset className="booking-form__who booking-form__returning">
                    <legend>{t(lang, "bookingForm.returning")}</legend>
                    <label>
                      <input type="radio" name="returning" checked={returning === false} onChange={() => setReturning(false)} /> {t(lang, "bookingForm.returningNew")}
                    </label>
                    <label>
                      <input type="radio" name="returning" checked={returning === true} onChange={() => setReturning(true)} /> {t(lang, "bookingForm.returningYes")}
                    </label>
                  </fieldset>
                )}
                <div className="account-form__field">
                  <label htmlFor="booking-reason">{t(lang, "bookingForm.reason")}</label>
                  <textarea id="booking-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={reasonError ? true : undefined} />
                  {reasonError && <p className="account-form__field-error">{reasonError}</p>}
                </div>
                <label className="booking-form__consent">
                  <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} aria-invalid={consentError ? true : undefined} />
                  <span>{t(lang, "bookingForm.consent")}</span>
                </label>
                {consentError && <p className="account-form__field-error">{consentError}</p>}
                {otherFields.map((m) => (
                  <p key={m} className="account-form__field-error">{m}</p>
                ))}
                {error && <p className="account-form__error" role="alert">{error}</p>}
                <button className="button" type="submit" disabled={busy}>
                  {busy ? t(lang, "form.sending") : t(lang, "bookingForm.submit")}
                </button>
              </form>
            )}
          </>
        )}
      </section>
    </div>
  );
}
