import { t, type Lang, type Key } from "../../lib/i18n";
import limits from "../../../shared/limits.json";
import type { Missing } from "./usePatient";
import type { VisitForm, Who } from "./useVisitForm";
import type { Relative } from "../../gen/account";
import { RelativeFields, relationLabel } from "../../components/RelativeFields";

interface WhoStepProps {
  lang: Lang;
  form: VisitForm;
  missing: Missing | null;
  /** relatives are those saved on the profile (null: not known yet). */
  relatives: Relative[] | null;
  fields: Record<string, string>;
}

/**
 * WhoStep asks who the visit is for: the visitor (and what their profile
 * lacks for it), a relative saved on their profile, or another person,
 * saved there when the visit is booked.
 */
export function WhoStep({ lang, form, missing, relatives, fields }: WhoStepProps) {
  const choice = (value: Who, label: string) => (
    <label key={String(value)}>
      <input type="radio" name="who" value={String(value)} checked={form.who === value} onChange={() => form.setWho(value)} /> {label}
    </label>
  );
  return (
    <>
      <fieldset className="booking-form__who">
        <legend>{t(lang, "bookingForm.who")}</legend>
        {choice("self", t(lang, "bookingForm.self"))}
        {(relatives ?? []).map((r) => choice(r.id, `${r.name} (${relationLabel(lang, r.relation).toLowerCase()})`))}
        {choice("new", t(lang, "bookingForm.addRelative"))}
      </fieldset>
      {form.who === "self" && missing && (missing.firstName || missing.lastName || missing.birthDate) && (
        <div className="booking-form__self">
          <p className="booking-form__note">{t(lang, "bookingForm.selfDetails")}</p>
          {missing.firstName && <SelfField lang={lang} form={form} error={fields.firstName} name="firstName" label="bookingForm.firstName" autoComplete="given-name" />}
          {missing.lastName && <SelfField lang={lang} form={form} error={fields.lastName} name="lastName" label="bookingForm.lastName" autoComplete="family-name" />}
          {missing.birthDate && <SelfField lang={lang} form={form} error={fields.birthDate} name="birthDate" label="bookingForm.selfBirthDate" autoComplete="bday" />}
        </div>
      )}
      {form.who === "new" && (
        <div className="booking-form__self">
          <p className="booking-form__note">{t(lang, "bookingForm.newRelativeNote")}</p>
          <RelativeFields lang={lang} idPrefix="booking-relative" value={form.draft} onChange={form.setDraft} fields={fields} />
        </div>
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
