import { useEffect, useRef } from "react";
import type { Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { SignInSteps, fetchSession } from "../components/SignInSteps";
import { nextParam, referrerPath, withNext } from "../lib/returnTo";

export interface SignInFormProps {
  lang: Lang;
}

/**
 * SignInForm is the two steps of signing in: the phone, then the code the
 * SMS brought. The server sets the session cookie and says where to go
 * next (registration for a new user, the profile otherwise). A sign-in
 * started from a page (?next=, else the page the visitor came from) goes
 * back to it, through registration for a new user (lib/returnTo.ts).
 */
export default function SignInForm({ lang }: SignInFormProps) {
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Someone already signed in has nothing to do here.
    const ctrl = new AbortController();
    void fetchSession(lang, ctrl.signal).then((s) => {
      if (ctrl.signal.aborted) return;
      // Back from Telegram's sign-in (lib/telegram.ts finishLogin marks it):
      // linking Telegram to this account is what this visit is for.
      const telegram = document.documentElement.hasAttribute("data-telegram-login");
      if (s?.signedIn && !telegram) window.location.replace(nextParam() ?? s.next);
      // Asking failed: the form is still the way in.
      else markReady(rootRef.current);
    });
    return () => ctrl.abort();
  }, [lang]);

  return (
    <div ref={rootRef} className="sign-in-form">
      <SignInSteps lang={lang} onSignedIn={(next) => window.location.assign(afterSignIn(next))} />
    </div>
  );
}

/** afterSignIn is where a sign-in goes: back to the page it started from (a new user by way of registration), else where the server says. */
function afterSignIn(server: string): string {
  const back = nextParam() ?? referrerPath();
  if (!back) return server;
  return /\/register\/finalize$/.test(server) ? withNext(server, back) : back;
}
