import { useEffect, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { callApi } from "../lib/api";
import { pathHref } from "../lib/href";
import type { Waitlists } from "../booking";
import "./WaitlistJoin.css";

/**
 * WaitlistJoin offers "notify me when a time frees up" for a doctor with no
 * free time in the horizon (POST /api/waitlist); once joined it says so and
 * offers to leave (DELETE). A visitor not signed in is sent to /login.
 */
export function WaitlistJoin({ lang, doctorId }: { lang: Lang; doctorId: number }) {
  const [joined, setJoined] = useState<boolean | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [error, setError] = useState("");
  const networkError = t(lang, "form.networkError");

  useEffect(() => {
    void callApi<Waitlists>("GET", `/api/waitlist?doctors=${doctorId}&lang=${lang}`, undefined, networkError).then((a) => {
      if (a.status === 401) setSignedOut(true);
      setJoined(!!a.data?.doctors.includes(doctorId));
    });
  }, [doctorId, lang, networkError]);

  async function change(join: boolean) {
    setError("");
    const a = join
      ? await callApi<Waitlists>("POST", `/api/waitlist?lang=${lang}`, { doctorId }, networkError)
      : await callApi<unknown>("DELETE", `/api/waitlist/${doctorId}?lang=${lang}`, undefined, networkError);
    if (a.status === 401) return setSignedOut(true);
    if (a.error) return setError(a.error);
    setJoined(join);
  }

  if (signedOut) {
    return (
      <a className="waitlist" href={pathHref("/login", { lang, region: "" })}>
        {t(lang, "waitlist.signIn")}
      </a>
    );
  }
  return (
    <div className="waitlist" data-waitlist={doctorId}>
      {joined ? (
        <>
          <p role="status">{t(lang, "waitlist.joined")}</p>
          <button type="button" onClick={() => void change(false)}>
            {t(lang, "waitlist.leave")}
          </button>
        </>
      ) : (
        <button type="button" disabled={joined === null} onClick={() => void change(true)}>
          {t(lang, "waitlist.join")}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
