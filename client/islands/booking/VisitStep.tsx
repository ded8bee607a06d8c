import { t, type Lang } from "../../lib/i18n";
import limits from "../../../shared/limits.json";
import { WhoStep } from "./WhoStep";
import type { Patient } from "./usePatient";
import type { VisitForm } from "./useVisitForm";
import type { Submit } from "./useSubmit";

// The fields a step shows its own message under; the rest show at the end.
const known = ["name", "birthDate", "relation", "firstName", "lastName", "reason", "consent"];

/** VisitStep is the booking form of a held time: who, "been here before?", reason, consent. */
export function VisitStep({ lang, form, patient, submit }: { lang: Lang; form: VisitForm; patient: Patient; submit: Submit }) {
  const { fields, error, busy } = submit;
  const otherFields = Object.entries(fields).filter(([k]) => !known.includes(k)).map(([, v]) => v);
  return (
    <form className="account-form booking-form__form" onSubmit={submit.book} noValidate>
      <WhoStep lang={lang} form={form} missing={patient.missing} relatives={patient.relatives} fields={fields} />
      {submit.askReturning && (
        <fieldset className="booking-form__who booking-form__returning">
          <legend>{t(lang, "bookingForm.returning")}</legend>
          <label>
            <input type="radio" name="returning" checked={form.returning === false} onChange={() => form.setReturning(false)} /> {t(lang, "bookingForm.returningNew")}
          </label>
          <label>
            <input type="radio" name="returning" checked={form.returning === true} onChange={() => form.setReturning(true)} /> {t(lang, "bookingForm.returningYes")}
          </label>
        </fieldset>
      )}
      <div className="account-form__field">
        <label htmlFor="booking-reason">{t(lang, "bookingForm.reason")}</label>
        <textarea id="booking-reason" rows={3} maxLength={limits.visitReasonMax} value={form.reason} onChange={(e) => form.setReason(e.target.value)} aria-invalid={fields.reason ? true : undefined} />
        {fields.reason && <p className="account-form__field-error">{fields.reason}</p>}
      </div>
      <label className="booking-form__consent">
        <input type="checkbox" checked={form.consent} onChange={(e) => form.setConsent(e.target.checked)} aria-invalid={fields.consent ? true : undefined} />
        <span>{t(lang, "bookingForm.consent")}</span>
      </label>
      {fields.consent && <p className="account-form__field-error">{fields.consent}</p>}
      {otherFields.map((m) => (
        <p key={m} className="account-form__field-error">{m}</p>
      ))}
      {error && <p className="account-form__error" role="alert">{error}</p>}
      <button className="button" type="submit" disabled={busy}>
        {busy ? t(lang, "form.sending") : t(lang, "bookingForm.submit")}
      </button>
    </form>
  );
}
