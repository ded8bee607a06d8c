import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { SignInSteps } from "../components/SignInSteps";

export interface SignInButtonProps {
  lang: Lang;
  /** loginHref is /login in the visitor's language: where the button leads without a script. */
  loginHref: string;
}

/**
 * SignInButton opens the SMS sign-in right on the page and reloads it once
 * signed in, so the visitor stays where they were (e.g. /history). Before
 * hydration it is a link to /login.
 */
export default function SignInButton({ lang, loginHref }: SignInButtonProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => markReady(rootRef.current), []);
  return (
    <div ref={rootRef} className="sign-in-button">
      {open ? (
        <SignInSteps lang={lang} onSignedIn={() => window.location.reload()} />
      ) : (
        <a
          className="button"
          href={loginHref}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          {t(lang, "history.signIn")}
        </a>
      )}
    </div>
  );
}
