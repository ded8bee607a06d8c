import { useEffect, useRef } from "react";
import type { Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { SignInSteps, fetchSession } from "../components/SignInSteps";

export interface SignInFormProps {
  lang: Lang;
}

/**
 * SignInForm is the two steps of signing in: the phone, then the code the
 * SMS brought. The server sets the session cookie and says where to go
 * next (registration for a new user, the profile otherwise).
 */
export default function SignInForm({ lang }: SignInFormProps) {
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Someone already signed in has nothing to do here.
    const ctrl = new AbortController();
    void fetchSession(lang, ctrl.signal).then((s) => {
      if (ctrl.signal.aborted) return;
      if (s?.signedIn) window.location.replace(s.next);
      // Asking failed: the form is still the way in.
      else markReady(rootRef.current);
    });
    return () => ctrl.abort();
  }, [lang]);

  return (
    <div ref={rootRef} className="sign-in-form">
      <SignInSteps lang={lang} onSignedIn={(next) => window.location.assign(next)} />
    </div>
  );
}
