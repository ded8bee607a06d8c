import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { toast } from "../lib/toast";
import { callApi } from "../lib/api";
import type { CalendarFeed as Feed } from "../gen/booking";
import "./CalendarFeed.css";

export interface CalendarFeedProps {
  lang: Lang;
  /** url is the private feed's https address, webcal the same for calendar apps. */
  url: string;
  webcal: string;
}

/**
 * CalendarFeed is the patient's private calendar on /history: subscribe
 * (webcal:// opens the phone's calendar app), the https address to copy
 * (Google Calendar's "From URL"), and a new address when the old one got
 * out, which stops the old one. Without a script the links work; copying
 * and resetting need it.
 */
export default function CalendarFeed(p: CalendarFeedProps) {
  const { lang } = p;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [feed, setFeed] = useState<Feed>({ url: p.url, webcal: p.webcal });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => markReady(rootRef.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(feed.url);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the
      // address is selected for the visitor's own copy.
      inputRef.current?.select();
      if (!document.execCommand("copy")) return;
    }
    toast(t(lang, "history.calendarCopied"), "success");
  }

  async function reset() {
    setBusy(true);
    const answer = await callApi<Feed>("POST", `/api/calendar/reset?lang=${lang}`, undefined, t(lang, "form.networkError"));
    setBusy(false);
    setConfirming(false);
    if (answer.data) {
      setFeed(answer.data);
      toast(t(lang, "history.calendarResetDone"), "success");
    } else if (answer.error) toast(answer.error, "error");
  }

  return (
    <div ref={rootRef} className="calendar-feed">
      <a className="button calendar-feed__subscribe" href={feed.webcal}>
        {t(lang, "history.calendarSubscribe")}
      </a>
      <label className="calendar-feed__label" htmlFor="calendar-feed-url">
        {t(lang, "history.calendarUrl")}
      </label>
      <div className="calendar-feed__copy">
        <input ref={inputRef} id="calendar-feed-url" className="calendar-feed__url" type="url" readOnly value={feed.url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--outline" onClick={copy}>
          {t(lang, "history.calendarCopy")}
        </button>
      </div>
      <p className="calendar-feed__private">{t(lang, "history.calendarPrivate")}</p>
      {confirming ? (
        <div className="calendar-feed__confirm" role="group" aria-label={t(lang, "history.calendarReset")}>
          <p>{t(lang, "history.calendarResetQuestion")}</p>
          <button type="button" className="button" disabled={busy} onClick={reset}>
            {t(lang, "history.calendarResetYes")}
          </button>
          <button type="button" className="button button--outline" disabled={busy} onClick={() => setConfirming(false)}>
            {t(lang, "history.cancelNo")}
          </button>
        </div>
      ) : (
        <button type="button" className="button button--outline calendar-feed__reset" onClick={() => setConfirming(true)}>
          {t(lang, "history.calendarReset")}
        </button>
      )}
    </div>
  );
}
