// The two steps of signing in by SMS code, shared by the /login page's
// SignInForm island and the booking form's inline sign-in.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { t, type Lang } from "../lib/i18n";
import { callApi } from "../lib/api";
import { maskPhone } from "../lib/mask";
import type { CodeSent, SessionState } from "../gen/account";
import "../islands/AccountForms.css";

export interface SignInStepsProps {
  lang: Lang;
  /** onSignedIn runs once the code is accepted and the session cookie set; next is where the server suggests going. */
  onSignedIn: (next: string) => void;
  /** intro, when set, is shown above the phone field. */
  intro?: string;
}

/**
 * SignInSteps is the phone, then the code the SMS brought (POST
 * /api/auth/code, /api/auth/verify). Each step is its own form, so it must
 * not sit inside another form.
 */
export function SignInSteps({ lang, onSignedIn, intro }: SignInStepsProps) {
  const codeRef = useRef<HTMLInputElement>(null);
  // A code sent a moment ago (the booking dialog closed and opened again,
  // the page reloaded) is still good for five minutes: its step comes
  // back instead of "a new code in 35 s" with nowhere to type it.
  // (After mounting: the server renders /login's form without storage.)
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    const recent = recentCode();
    if (!recent) return;
    setPhone(recent.phone);
    setSent(recent.sent);
    setWait(recent.wait);
  }, []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const q = `?lang=${lang}`;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  useEffect(() => {
    if (sent) codeRef.current?.focus();
  }, [sent]);

  async function sendCode(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    setError("");
    const answer = await callApi<CodeSent>("POST", `/api/auth/code${q}`, { phone }, t(lang, "form.networkError"));
    setBusy(false);
    if (answer.error || !answer.data) {
      setError(answer.error ?? "");
      return;
    }
    setSent(answer.data);
    setWait(answer.data.resendIn);
    setCode("");
    rememberCode(phone, answer.data);
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    const answer = await callApi<{ next: string }>("POST", `/api/auth/verify${q}`, { phone, code }, t(lang, "form.networkError"));
    if (answer.error || !answer.data) {
      setBusy(false);
      setError(answer.error ?? "");
      return;
    }
    forgetCode();
    onSignedIn(answer.data.next);
  }

  const alert = error ? (
    <p className="account-form__error" role="alert">{error}</p>
  ) : null;

  if (!sent) {
    return (
      <div className="account-form">
        {intro && <p className="account-form__note">{intro}</p>}
        <form onSubmit={sendCode} noValidate>
          <label className="account-form__field">
            <span>{t(lang, "signIn.phone")}</span>
            <input
              type="tel"
              name="phone"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+998 90 123-45-67"
              value={phone}
              onChange={(e) => setPhone(maskPhone(e.target.value))}
              aria-invalid={error ? true : undefined}
              required
            />
          </label>
          {alert}
          <button className="button" type="submit" disabled={busy}>
            {busy ? t(lang, "form.sending") : t(lang, "signIn.sendCode")}
          </button>
        </form>
      </div>
    );
  }
  return (
    <div className="account-form">
      <p className="account-form__note" role="status">{t(lang, "signIn.codeSent", { phone: sent.phone })}</p>
      <form onSubmit={verify} noValidate>
        <label className="account-form__field">
          <span>{t(lang, "signIn.code")}</span>
          <input
            ref={codeRef}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={sent.codeLength}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            aria-invalid={error ? true : undefined}
            required
          />
        </label>
        {alert}
        <button className="button" type="submit" disabled={busy || code.length !== sent.codeLength}>
          {busy ? t(lang, "form.sending") : t(lang, "signIn.submit")}
        </button>
      </form>
      <div className="account-form__links">
        <button type="button" className="account-form__link" onClick={() => sendCode()} disabled={busy || wait > 0}>
          {wait > 0 ? t(lang, "signIn.resendIn", { seconds: wait }) : t(lang, "signIn.resend")}
        </button>
        <button type="button" className="account-form__link" onClick={() => { setSent(null); setError(""); forgetCode(); }}>
          {t(lang, "signIn.changePhone")}
        </button>
      </div>
    </div>
  );
}

/** fetchSession asks whether anyone is signed in; null when asking failed. */
export async function fetchSession(lang: Lang, signal?: AbortSignal): Promise<SessionState | null> {
  try {
    const res = await fetch(`/api/auth/session?lang=${lang}`, { credentials: "same-origin", signal });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: SessionState };
    return body.data ?? null;
  } catch {
    return null;
  }
}

const codeKey = "sogliq:code-sent";

/** rememberCode notes, for this tab, that a code went to phone now. */
function rememberCode(phone: string, sent: CodeSent): void {
  try {
    sessionStorage.setItem(codeKey, JSON.stringify({ phone, sent, at: Date.now() }));
  } catch {
    // Storage may be off: the step is then lost on closing, as before.
  }
}

function forgetCode(): void {
  try {
    sessionStorage.removeItem(codeKey);
  } catch {
    // Nothing to forget.
  }
}

/** recentCode is the code step of a code sent in this tab and still valid, with the seconds left before another may be asked for. */
function recentCode(): { phone: string; sent: CodeSent; wait: number } | null {
  if (typeof sessionStorage === "undefined") return null;
  try {
    const v = JSON.parse(sessionStorage.getItem(codeKey) ?? "null") as { phone: string; sent: CodeSent; at: number } | null;
    if (!v?.sent) return null;
    const gone = (Date.now() - v.at) / 1000;
    if (gone >= v.sent.expiresIn) return null;
    return { phone: v.phone, sent: v.sent, wait: Math.max(0, Math.ceil(v.sent.resendIn - gone)) };
  } catch {
    return null;
  }
}
