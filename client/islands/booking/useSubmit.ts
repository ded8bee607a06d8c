import { useState, type FormEvent } from "react";
import { t, type Lang } from "../../lib/i18n";
import { callApi, type ApiAnswer } from "../../lib/api";
import { pathHref } from "../../lib/href";
import { required } from "../../lib/formRules";
import type { BookingRequest } from "../../lib/booking";
import type { Booking } from "../../booking";
import { saveNewRelative } from "./newRelative";
import type { useHold } from "./useHold";
import type { Patient } from "./usePatient";
import type { VisitForm } from "./useVisitForm";

/**
 * useSubmit books the held time (POST /api/bookings, the hold's one
 * idempotency key) or moves the visit being rescheduled onto it (POST
 * /api/bookings/{id}/reschedule), then opens the visit's page. A new
 * relative is saved on the profile first and the visit booked for them.
 * A refusal shows its message and per-field messages; a 409 means the
 * held time is gone, a 401 that the session is. busy is the form's: the
 * hold does not expire while a request on it is in flight.
 */
export function useSubmit(
  lang: Lang,
  request: BookingRequest | null,
  [busy, setBusy]: [boolean, (b: boolean) => void],
  held: ReturnType<typeof useHold>,
  patient: Patient,
  form: VisitForm,
) {
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const q = `?lang=${lang}`;
  const networkError = t(lang, "form.networkError");
  const askReturning = !form.knownReturning(patient.answers, patient.relatives);

  const clear = () => {
    setError("");
    setFields({});
  };

  function answered(a: ApiAnswer<Booking>) {
    if (a.data) {
      held.holdRef.current = null;
      return window.location.assign(pathHref(`/history/${a.data.id}`, { lang, region: "" }));
    }
    refused(a);
  }

  function refused(a: ApiAnswer<unknown>) {
    setBusy(false);
    const message = a.error ?? networkError;
    if (a.status === 409) return held.gone(message);
    if (a.status === 401) patient.setSignedIn(false);
    setError(message);
    setFields(a.fields ?? {});
  }

  async function book(e: FormEvent) {
    e.preventDefault();
    if (held.stage.kind !== "held" || busy) return;
    setError("");
    // A new relative needs their name (SPEC §5 required), in the server's
    // words; the server checks it again, with the rest.
    if (form.who === "new" && !required(form.draft.name)) return setFields({ name: t(lang, "relative.nameRequired") });
    setFields({});
    setBusy(true);
    const h = held.stage.hold;
    let relativeId = form.who;
    if (relativeId === "new") {
      const saved = await saveNewRelative(lang, form, patient);
      if (!saved.data) return refused(saved.fields ? { ...saved, error: "" } : saved);
      relativeId = saved.data.id;
    }
    const who = relativeId === "self" ? { patient: { self: true, ...form.selfDetails(patient.missing) } } : { relativeId };
    const body = {
      holdId: h.id, holdKey: h.key, idempotencyKey: held.idempotencyKey.current, ...who, reason: form.reason.trim(),
      consent: form.consent, returning: askReturning && form.returning !== null ? form.returning : undefined,
    };
    answered(await callApi<Booking>("POST", `/api/bookings${q}`, body, networkError));
  }

  async function reschedule() {
    if (held.stage.kind !== "held" || busy || !request?.rescheduleId) return;
    setBusy(true);
    setError("");
    const h = held.stage.hold;
    answered(await callApi<Booking>("POST", `/api/bookings/${request.rescheduleId}/reschedule${q}`, { holdId: h.id, holdKey: h.key }, networkError));
  }

  return { busy, error, fields, askReturning, clear, book, reschedule };
}

/** Submit is what useSubmit gives the steps. */
export type Submit = ReturnType<typeof useSubmit>;
