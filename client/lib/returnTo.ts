// Where a sign-in returns (issue 34 item 3): a sign-in started from a page
// comes back to it and finishes what was asked there (the waitlist join).
// The way back travels as ?next=/path on /login and /register/finalize;
// only a path on this site is followed, never another site's address.

/** safeNext is raw when it is a path of this site ("/doctor/x?y"), else null. */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  try {
    const u = new URL(raw, window.location.origin);
    if (u.origin !== window.location.origin) return null;
    // Signing in again from the sign-in pages leads nowhere new.
    if (/^\/(uz\/|ru\/|en\/)?(login|register\/finalize)$/.test(u.pathname)) return null;
    return u.pathname + u.search + u.hash;
  } catch {
    return null;
  }
}

/** nextParam is the page's checked ?next=, or null. */
export function nextParam(): string | null {
  return safeNext(new URLSearchParams(window.location.search).get("next"));
}

/** referrerPath is the page of this site the visitor came from (the header's "sign in" link), or null. */
export function referrerPath(): string | null {
  if (!document.referrer) return null;
  try {
    const u = new URL(document.referrer);
    return u.origin === window.location.origin ? safeNext(u.pathname + u.search) : null;
  } catch {
    return null;
  }
}

/** withNext is path with ?next= (or &next=) added. */
export function withNext(path: string, next: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(next)}`;
}

/** signedInHint says whether the signed_in cookie (a hint set beside the session, granting nothing) is there. */
export function signedInHint(): boolean {
  return /(^|; )signed_in=1(;|$)/.test(document.cookie);
}
