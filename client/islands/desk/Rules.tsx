import { useId, useState, type FormEvent } from "react";
import { t, type Key } from "../../lib/i18n";
import { callApi } from "../../lib/api";
import type { BookingRules } from "../../gen/desk";
import limits from "../../../shared/limits.json";
import { toast } from "../../lib/toast";
import type { DeskBoardProps } from "../DeskBoard";

/** ruleLimits bound the rules' fields (limits.json; the server checks them again). */
const ruleLimits = { horizonDays: [1, limits.bookingHorizonDaysMax], cancelCutoffHours: [0, limits.cancelCutoffHoursMax] } as const;
const ruleMessages = { horizonDays: "desk.rules.horizonInvalid", cancelCutoffHours: "desk.rules.cutoffInvalid" } as const;
type RuleField = keyof typeof ruleLimits;

/**
 * Rules are the clinic's booking rules: how many days ahead patients book
 * and how many hours before a visit they may still cancel it on the site
 * (PUT /api/desk/booking-rules). A value out of range is said beside its
 * field, in the page's language: here at once, else as the server words it.
 */
export function Rules({ props, busy }: { props: DeskBoardProps; busy: boolean }) {
  const { lang, rules } = props;
  const id = useId();
  const [values, setValues] = useState<Record<RuleField, string>>({
    horizonDays: String(rules.horizonDays),
    cancelCutoffHours: String(rules.cancelCutoffHours),
  });
  const [errors, setErrors] = useState<Partial<Record<RuleField, string>>>({});
  const [sending, setSending] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const wrong: Partial<Record<RuleField, string>> = {};
    for (const name of Object.keys(ruleLimits) as RuleField[]) {
      const n = Number(values[name]);
      const [min, max] = ruleLimits[name];
      if (values[name].trim() === "" || !Number.isInteger(n) || n < min || n > max) wrong[name] = t(lang, ruleMessages[name], { max });
    }
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    setSending(true);
    const body = { clinicId: props.clinicId, horizonDays: Number(values.horizonDays), cancelCutoffHours: Number(values.cancelCutoffHours) };
    const answer = await callApi<BookingRules>("PUT", `/api/desk/booking-rules?lang=${lang}`, body, t(lang, "form.networkError"));
    if (answer.data) {
      window.location.reload();
      return;
    }
    setSending(false);
    setErrors(answer.fields ?? {});
    if (!answer.fields) toast(answer.error ?? t(lang, "form.networkError"), "error");
  }

  const field = (name: RuleField, label: Key, hint: Key) => (
    <div className="desk-field desk-rules__field">
      <label htmlFor={`${id}-${name}`}>{t(lang, label)}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={ruleLimits[name][0]}
        max={ruleLimits[name][1]}
        step={1}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-hint${errors[name] ? ` ${id}-${name}-error` : ""}`}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
      <small id={`${id}-${name}-hint`}>{t(lang, hint, { max: ruleLimits[name][1] })}</small>
      {errors[name] && (
        <small className="desk-rules__error" id={`${id}-${name}-error`} role="alert" data-error={name}>
          {errors[name]}
        </small>
      )}
    </div>
  );

  return (
    <details className="desk-rules" data-rules>
      <summary>{rules.cancelCutoffHours > 0 ? t(lang, "desk.rules.summary", { days: rules.horizonDays, hours: rules.cancelCutoffHours }) : t(lang, "desk.rules.summaryBegun", { days: rules.horizonDays })}</summary>
      <form className="desk-form desk-rules__form" noValidate onSubmit={save}>
        {field("horizonDays", "desk.rules.horizon", "desk.rules.horizonHint")}
        {field("cancelCutoffHours", "desk.rules.cutoff", "desk.rules.cutoffHint")}
        <button className="button" type="submit" disabled={busy || sending}>
          {sending ? t(lang, "form.sending") : t(lang, "desk.rules.save")}
        </button>
      </form>
    </details>
  );
}

