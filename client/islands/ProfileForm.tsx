import { nextParam } from "../lib/returnTo";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { t, type Key, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { toast } from "../lib/toast";
import { validate, type Rule } from "../lib/formRules";
import { callApi } from "../lib/api";
import type { Profile as AccountProfile } from "../gen/account";
import "./AccountForms.css";

export interface ProfileFormProps {
  lang: Lang;
  initial: AccountProfile;
  /** The submit button's dictionary key. */
  submitKey: "register.submit" | "profile.save";
  /** Where to go once saved; "" stays on the page and says it saved. */
  next: string;
  /** The sign-in page, offered when the session has ended. */
  signInPath: string;
  /** Today in Tashkent (YYYY-MM-DD), the latest birth date. */
  today: string;
}

type Field = keyof AccountProfile;

const textFields: { name: Field; type: string; autoComplete: string; required?: boolean }[] = [
  { name: "firstName", type: "text", autoComplete: "given-name", required: true },
  { name: "lastName", type: "text", autoComplete: "family-name", required: true },
  { name: "birthDate", type: "date", autoComplete: "bday" },
];

/** rules are the form rules (SPEC §5) checked before sending; the server checks them again, and more. */
const rules: Partial<Record<Field, Rule[]>> = {
  firstName: [{ rule: "required" }],
  lastName: [{ rule: "required" }],
  email: [{ rule: "email" }],
};

/**
 * ProfileForm edits the signed-in user's profile: registration completion
 * and the personal data page. The server checks every field and answers
 * each one's error in the visitor's language; they are shown beside the
 * fields.
 */
export default function ProfileForm({ lang, initial, submitKey, next, signInPath, today }: ProfileFormProps) {
  const rootRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const fid = (name: Field) => `${id}-${name}`;
  const [values, setValues] = useState<AccountProfile>(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [signedOut, setSignedOut] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => markReady(rootRef.current), []);

  function set(name: Field, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const mistakes = validate(lang, { ...values, email: values.email.trim() }, rules, (f) => t(lang, `account.field.${f}` as Key));
    if (Object.keys(mistakes).length > 0) {
      setFields(mistakes);
      setError(t(lang, "form.fix"));
      return;
    }
    setBusy(true);
    const answer = await callApi<AccountProfile>("PUT", `/api/account/profile?lang=${lang}`, values, t(lang, "form.networkError"));
    setBusy(false);
    setFields(answer.fields ?? {});
    if (answer.error) {
      // Mistakes in the fields and a lost session stay by the form (the
      // latter with its sign-in link); any other failure is a toast.
      if (answer.status === 401 || Object.keys(answer.fields ?? {}).length > 0) {
        setError(answer.error);
        setSignedOut(answer.status === 401);
      } else toast(answer.error, "error");
      return;
    }
    if (next) {
      // Registration finishes where the sign-in began (?next=), else at next.
      window.location.assign(nextParam() ?? next);
      return;
    }
    toast(t(lang, "profile.saved"));
  }

  const fieldError = (name: Field) =>
    fields[name] ? (
      <span id={`${fid(name)}-error`} className="account-form__field-error">{fields[name]}</span>
    ) : null;
  const invalid = (name: Field) =>
    fields[name] ? { "aria-invalid": true, "aria-describedby": `${fid(name)}-error` } : {};

  return (
    <form ref={rootRef} className="account-form" onSubmit={submit} noValidate>
      {textFields.map((f) => (
        <div key={f.name} className="account-form__field">
          <label htmlFor={fid(f.name)}>{t(lang, `account.field.${f.name}` as Key)}</label>
          <input
            id={fid(f.name)}
            type={f.type}
            name={f.name}
            autoComplete={f.autoComplete}
            required={f.required}
            max={f.type === "date" ? today : undefined}
            min={f.type === "date" ? "1900-01-01" : undefined}
            value={values[f.name]}
            onChange={(e) => set(f.name, e.target.value)}
            {...invalid(f.name)}
          />
          {fieldError(f.name)}
        </div>
      ))}
      <div className="account-form__field">
        <label htmlFor={fid("gender")}>{t(lang, "account.field.gender")}</label>
        <select id={fid("gender")} name="gender" value={values.gender} onChange={(e) => set("gender", e.target.value)} {...invalid("gender")}>
          <option value="">{t(lang, "gender.unset")}</option>
          <option value="female">{t(lang, "gender.female")}</option>
          <option value="male">{t(lang, "gender.male")}</option>
        </select>
        {fieldError("gender")}
      </div>
      <div className="account-form__field">
        <label htmlFor={fid("email")}>{t(lang, "account.field.email")}</label>
        <input id={fid("email")} type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => set("email", e.target.value)} {...invalid("email")} />
        {fieldError("email")}
      </div>
      {error ? (
        <p className="account-form__error" role="alert">
          {error} {signedOut ? <a href={signInPath}>{t(lang, "signIn.again")}</a> : null}
        </p>
      ) : null}
      <button className="button" type="submit" disabled={busy}>
        {busy ? t(lang, "form.sending") : t(lang, submitKey)}
      </button>
    </form>
  );
}
