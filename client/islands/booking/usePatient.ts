import { useCallback, useEffect, useState } from "react";
import { t, type Lang } from "../../lib/i18n";
import { callApi } from "../../lib/api";
import { fetchSession } from "../../components/SignInSteps";
import type { ReturningAnswers } from "../../gen/booking";
import type { Relative, User } from "../../gen/account";

/** Missing is what a visit for oneself needs and the profile lacks. */
export type Missing = { firstName: boolean; lastName: boolean; birthDate: boolean };

/**
 * usePatient is what the form knows of the visitor: signed in or not
 * (null: not asked yet), what their profile lacks for a visit for oneself
 * (null: not known yet; the clinic needs the patient's name and birth
 * date) and, for the doctor, the "been here before?" answers known for
 * their patients (null: not yet asked the server), and the relatives
 * saved on their profile (null: not known yet).
 */
export function usePatient(lang: Lang, doctorId: number) {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [missing, setMissing] = useState<Missing | null>(null);
  const [answers, setAnswers] = useState<ReturningAnswers | null>(null);
  const [relatives, setRelatives] = useState<Relative[] | null>(null);
  const networkError = t(lang, "form.networkError");

  /** ask checks the session again and forgets the last doctor's answers. */
  const ask = useCallback(() => {
    setAnswers(null);
    void fetchSession(lang).then((s) => setSignedIn(!!s?.signedIn));
  }, [lang]);

  // Once signed in, the profile tells what a visit for oneself still needs,
  // and whom else the visit may be for.
  useEffect(() => {
    if (!signedIn) return;
    void callApi<User>("GET", `/api/account/profile?lang=${lang}`, undefined, networkError).then((a) => {
      if (a.data) setMissing({ firstName: !a.data.firstName, lastName: !a.data.lastName, birthDate: !a.data.birthDate });
    });
    void callApi<Relative[]>("GET", `/api/account/relatives?lang=${lang}`, undefined, networkError).then((a) => setRelatives(a.data ?? []));
  }, [signedIn, lang, networkError]);

  /** saved adds a relative just saved from the form. */
  const saved = useCallback((r: Relative) => setRelatives((l) => [...(l ?? []), r]), []);

  // Once signed in, what is known of having been to this doctor: the
  // question is asked once per patient and doctor.
  useEffect(() => {
    if (!signedIn || !doctorId) return;
    void callApi<ReturningAnswers>("GET", `/api/bookings/returning?doctor=${doctorId}&lang=${lang}`, undefined, networkError).then((a) => {
      if (a.data) setAnswers(a.data);
    });
  }, [signedIn, doctorId, lang, networkError]);

  return { signedIn, setSignedIn, missing, answers, relatives, saved, ask };
}

/** Patient is what usePatient gives the steps. */
export type Patient = ReturnType<typeof usePatient>;
