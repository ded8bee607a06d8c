import { useEffect, useRef, type FormEvent } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { RelativeFields, describeRelative } from "../components/RelativeFields";
import { useRelatives } from "./relatives/useRelatives";
import type { Relative } from "../gen/account";
import "./AccountForms.css";
import "./RelativesForm.css";

export interface RelativesFormProps {
  lang: Lang;
  initial: Relative[];
  /** Today in Tashkent (YYYY-MM-DD), the latest birth date. */
  today: string;
}

/**
 * RelativesForm is the profile's list of relatives (the people the user
 * books for: name, birth date, relation) with a form to add, change or
 * delete one (/api/account/relatives). The list is in the page's HTML.
 */
export default function RelativesForm({ lang, initial, today }: RelativesFormProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const r = useRelatives(lang, initial);
  useEffect(() => markReady(rootRef.current), []);

  function submit(e: FormEvent) {
    e.preventDefault();
    void r.save();
  }

  return (
    <div ref={rootRef} className="relatives">
      {r.list.length === 0 && <p className="account-form__note">{t(lang, "relatives.empty")}</p>}
      <ul className="relatives__list">
        {r.list.map((x) => (
          <li key={x.id} className="relatives__item" data-relative={x.id}>
            <span className="relatives__who">{describeRelative(lang, x)}</span>
            <button type="button" className="account-form__link" disabled={r.busy} onClick={() => r.edit(x.id)}>{t(lang, "relatives.edit")}</button>
          </li>
        ))}
      </ul>
      {r.error && <p className="account-form__error" role="alert">{r.error}</p>}
      {r.editing === null ? (
        <button type="button" className="button button--outline" onClick={() => r.edit("new")}>{t(lang, "relatives.add")}</button>
      ) : (
        <form className="account-form relatives__form" onSubmit={submit} noValidate>
          <RelativeFields lang={lang} idPrefix="relative" value={r.draft} onChange={r.setDraft} fields={r.fields} today={today} />
          <div className="relatives__actions">
            <button className="button" type="submit" disabled={r.busy}>{r.busy ? t(lang, "form.sending") : t(lang, "relatives.save")}</button>
            <button type="button" className="account-form__link" onClick={() => r.edit(null)}>{t(lang, "relatives.cancel")}</button>
            {r.editing !== "new" && (
              <button type="button" className="account-form__link relatives__delete" disabled={r.busy} onClick={() => void r.remove(r.editing as number)}>
                {t(lang, "relatives.delete")}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
