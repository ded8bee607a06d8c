// Toasts (SPEC §4, §9): the one way islands tell the visitor that something
// worked or failed. Every island on the page shares one live region at the
// bottom of the viewport (islands are separate React roots, so this is the
// DOM, not React state); a toast closes after limits.toastMs. Success toasts
// are polite (role=status), errors assertive (role=alert). Errors that
// belong to a form field stay beside the field; toasts are for outcomes.
import limits from "../../shared/limits.json";
import "./toast.css";

/** ToastKind says whether a toast reports a success or an error. */
export type ToastKind = "success" | "error";

const hostClass = "toasts";

/**
 * host is the page's toast region, made once. It exists before the first
 * toast's text is added: screen readers announce changes to a live region
 * already in the page, not a region inserted with its text.
 */
function host(): HTMLElement {
  let el = document.querySelector<HTMLElement>(`body > .${hostClass}`);
  if (!el) {
    el = document.createElement("div");
    el.className = hostClass;
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    document.body.append(el);
  }
  return el;
}

// Islands import this module as they hydrate: the region is there before
// anything happens on the page. (On the server there is no document.)
if (typeof document !== "undefined" && document.body) host();

/** toast shows message for limits.toastMs; it returns the function that closes it early. */
export function toast(message: string, kind: ToastKind = "success"): () => void {
  const el = document.createElement("p");
  el.className = `toast toast--${kind}`;
  if (kind === "error") el.setAttribute("role", "alert");
  el.textContent = message;
  host().append(el);
  const close = () => {
    clearTimeout(timer);
    el.remove();
  };
  const timer = setTimeout(close, limits.toastMs);
  return close;
}
