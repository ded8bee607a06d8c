import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { toast } from "../lib/toast";
import { callApi } from "../lib/api";
import limits from "../../shared/limits.json";

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

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const answer = await callApi<{ id: number }>("POST", `/api/reviews?lang=${lang}`, { appointmentId, stars, text }, t(lang, "form.networkError"));
    setBusy(false);
    if (answer.data) {
      setDone(true);
      toast(t(lang, "review.thanks"));
    } else toast(answer.error ?? t(lang, "form.networkError"), "error");
  }

  return (
    <div ref={rootRef} className="review-form">
      {done ? (
        <p>{t(lang, "review.thanks")}</p>
      ) : !open ? (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t(lang, "review.leave")}
        </button>
      ) : (
        <form onSubmit={submit}>
          <fieldset>
            <legend>{t(lang, "review.stars")}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input type="radio" name="stars" value={n} checked={stars === n} onChange={() => setStars(n)} /> {"★".repeat(n)}
              </label>
            ))}
          </fieldset>
          <label>
            {t(lang, "review.text")}
            <textarea name="text" value={text} maxLength={maxText} rows={3} onChange={(e) => setText(e.target.value)} />
          </label>
          <button type="submit" disabled={busy}>
            {t(lang, "review.submit")}
          </button>
        </form>
      )}
    </div>
  );
}
