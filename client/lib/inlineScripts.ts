// The document's inline scripts. The server's Content-Security-Policy
// allows exactly these, by their hashes, which it takes from the server
// bundle at start (entry-server.tsx __sogliqInlineScripts, ssr.Engine
// InlineScripts): a hash in script-src also turns off
// 'inline-speculation-rules', so the Speculation Rules are listed too.
import { speculationRules } from "./speculation";

/** speculationJSON is the same for every page; "<" escaped, as inside any script. */
export const speculationJSON = JSON.stringify(speculationRules()).replace(/</g, "\\u003c");

/**
 * signedInScript marks <html data-signed-in> when the signed_in cookie is
 * there (a hint the sign-in sets beside the session,
 * server/account.SignedInCookie), before the page paints: a cached page,
 * the same for everyone, shows the signed-in header (Header.css) with no
 * island and no request of its own.
 */
export const signedInScript = '/(^|; )signed_in=1(;|$)/.test(document.cookie)&&document.documentElement.setAttribute("data-signed-in","")';

/** inlineScripts are the texts of every inline script a document may hold. */
export const inlineScripts = [speculationJSON, signedInScript];
