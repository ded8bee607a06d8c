import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { toast } from "../lib/toast";
import { callApi } from "../lib/api";
import limits from "../../shared/limits.json";
import "./ReviewForm.css";

export interface ReviewFormProps {
  lang: Lang;
  appointmentId: number;
}

const maxText = limits.reviewTextMax;

/**
 * ReviewForm leaves a review of an attended visit on /history: 1-5 stars
 * and optional text. Published, it says thanks and the card no longer
 * offers it (the page is rendered per request).
 */
export default function ReviewForm({ lang, appointmentId }: ReviewFormProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState(0);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => markReady(rootRef.current), []);

  const [error, setError] = useState("");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // The rating is required: say so beside the stars, before sending.
    if (stars < 1) {
      setError(t(lang, "review.badStars"));
      return;
    }
    setError("");
    setBusy(true);
    const answer = await callApi<{ id: number }>("POST", `/api/reviews?lang=${lang}`, { appointmentId, stars, text }, t(lang, "form.networkError"));
    setBusy(false);
    if (answer.data) {
      setDone(true);
      toast(t(lang, "review.thanks"));
    } else toast(answer.error ?? t(lang, "form.networkError"), "error");
  }

  const textId = `review-text-${appointmentId}`;
  const errorId = `review-stars-error-${appointmentId}`;
  return (
    <div ref={rootRef} className="review-form">
      {done ? (
        <p className="review-form__done" role="status">{t(lang, "review.thanks")}</p>
      ) : !open ? (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t(lang, "review.leave")}
        </button>
      ) : (
        <form className="review-form__form" onSubmit={submit} noValidate>
          {/* Five radio buttons drawn as a row of 44 px stars: arrows move along them, as in any radio group. */}
          <fieldset className="review-form__stars" aria-describedby={error ? errorId : undefined}>
            <legend>{t(lang, "review.stars")}</legend>
            <div className="review-form__star-row">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className={`review-form__star${n <= stars ? " review-form__star--on" : ""}`}>
                  <input className="visually-hidden" type="radio" name="stars" value={n} checked={stars === n} onChange={() => setStars(n)} />
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{t(lang, "review.starN", { n })}</span>
                </label>
              ))}
              {stars > 0 && <span className="review-form__star-value">{t(lang, "review.starN", { n: stars })}</span>}
            </div>
            {error && <p id={errorId} className="account-form__field-error" role="alert">{error}</p>}
          </fieldset>
          <div className="review-form__field">
            <label htmlFor={textId}>{t(lang, "review.text")}</label>
            <textarea id={textId} name="text" value={text} maxLength={maxText} rows={5} onChange={(e) => setText(e.target.value)} />
            <span className="review-form__count">{text.length} / {maxText}</span>
          </div>
          <button className="button" type="submit" disabled={busy}>
            {busy ? t(lang, "form.sending") : t(lang, "review.submit")}
          </button>
        </form>
      )}
    </div>
  );
}
