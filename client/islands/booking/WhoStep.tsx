import { t, type Lang, type Key } from "../../lib/i18n";
import limits from "../../../shared/limits.json";
import type { Missing } from "./usePatient";
import type { VisitForm } from "./useVisitForm";

interface WhoStepProps {
  lang: Lang;
  form: VisitForm;
  missing: Missing | null;
  fields: Record<string, string>;
}

const fieldError = (fields: Record<string, string>, ...names: string[]) => names.map((n) => fields[n]).find(Boolean) ?? "";

/**
 * WhoStep asks who the visit is for: the visitor (and what their profile
 * lacks for it) or someone else, by name and birth date.
 */
export function WhoStep({ lang, form, missing, fields }: WhoStepProps) {
  const nameError = fieldError(fields, "patient.name", "name");
  const birthError = fieldError(fields, "patient.birthDate", "birthDate");
  return (
    <>
      <fieldset className="booking-form__who">
        <legend>{t(lang, "bookingForm.who")}</legend>
        <label>
          <input type="radio" name="who" checked={form.forSelf} onChange={() => form.setForSelf(true)} /> {t(lang, "bookingForm.self")}
        </label>
        <label>
          <input type="radio" name="who" checked={!form.forSelf} onChange={() => form.setForSelf(false)} /> {t(lang, "bookingForm.relative")}
        </label>
      </fieldset>
      {form.forSelf && missing && (missing.firstName || missing.lastName || missing.birthDate) && (
        <div className="booking-form__self">
          <p className="booking-form__note">{t(lang, "bookingForm.selfDetails")}</p>
          {missing.firstName && <SelfField lang={lang} form={form} error={fields.firstName} name="firstName" label="bookingForm.firstName" autoComplete="given-name" />}
          {missing.lastName && <SelfField lang={lang} form={form} error={fields.lastName} name="lastName" label="bookingForm.lastName" autoComplete="family-name" />}
          {missing.birthDate && <SelfField lang={lang} form={form} error={fields.birthDate} name="birthDate" label="bookingForm.selfBirthDate" autoComplete="bday" />}
        </div>
      )}
      {!form.forSelf && (
        <>
          <div className="account-form__field">
            <label htmlFor="booking-patient-name">{t(lang, "bookingForm.patientName")}</label>
            <input id="booking-patient-name" value={form.patientName} maxLength={limits.patientNameMax} autoComplete="off" onChange={(e) => form.setPatientName(e.target.value)} aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? "booking-patient-name-error" : undefined} />
            {nameError && <p id="booking-patient-name-error" className="account-form__field-error">{nameError}</p>}
          </div>
          <div className="account-form__field">
            <label htmlFor="booking-birth-date">{t(lang, "bookingForm.birthDate")}</label>
            <input id="booking-birth-date" type="date" value={form.birthDate} onChange={(e) => form.setBirthDate(e.target.value)} aria-invalid={birthError ? true : undefined} aria-describedby={birthError ? "booking-birth-date-error" : undefined} />
            {birthError && <p id="booking-birth-date-error" className="account-form__field-error">{birthError}</p>}
          </div>
        </>
      )}
    </>
  );
}

interface SelfFieldProps {
  lang: Lang;
  form: VisitForm;
  error?: string;
  name: "firstName" | "lastName" | "birthDate";
  label: Key;
  autoComplete: string;
}

/** SelfField is an input for a detail of the patient's own profile. */
function SelfField({ lang, form, error, name, label, autoComplete }: SelfFieldProps) {
  const id = `booking-self-${name}`;
  return (
    <div className="account-form__field">
      <label htmlFor={id}>{t(lang, label)}</label>
      <input
        id={id}
        type={name === "birthDate" ? "date" : "text"}
        value={form.self[name]}
        maxLength={name === "birthDate" ? undefined : limits.profileNameMax}
        autoComplete={autoComplete}
        onChange={(e) => form.setSelf({ ...form.self, [name]: e.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <p id={`${id}-error`} className="account-form__field-error">{error}</p>}
    </div>
  );
}
