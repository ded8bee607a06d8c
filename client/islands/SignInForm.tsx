import { useEffect, useRef, useState, type FormEvent } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { maskPhone } from "../lib/mask";
import "./AccountForms.css";

export interface SignInFormProps {
  lang: Lang;
}

interface CodeSent {
  phone: string;
  resendIn: number;
  codeLength: number;
}

/**
 * SignInForm is the two steps of signing in: the phone, then the code the
 * SMS brought. The server sets the session cookie and says where to go
 * next (registration for a new user, the profile otherwise).
 */
export default function SignInForm({ lang }: SignInFormProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const q = `?lang=${lang}`;

  useEffect(() => {
    // Someone already signed in has nothing to do here.
    const ctrl = new AbortController();
    fetch(`/api/auth/session${q}`, { credentials: "same-origin", signal: ctrl.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { data?: { signedIn: boolean; next: string } } | null) => {
        if (body?.data?.signedIn) window.location.replace(body.data.next);
        else markReady(rootRef.current);
      })
      // Asking failed: the form is still the way in.
      .catch(() => markReady(rootRef.current));
    return () => ctrl.abort();
  }, [q]);

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
    window.location.assign(answer.data.next);
  }

  const alert = error ? (
    <p className="account-form__error" role="alert">{error}</p>
  ) : null;

  if (!sent) {
    return (
      <div ref={rootRef} className="account-form">
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
    <div ref={rootRef} className="account-form">
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
        <button type="button" className="account-form__link" onClick={() => { setSent(null); setError(""); }}>
          {t(lang, "signIn.changePhone")}
        </button>
      </div>
    </div>
  );
}
