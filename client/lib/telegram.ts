// Inside Telegram (the Mini App, issue 31): signs the patient in from
// Telegram's initData (server/telegram), asking Telegram for their phone
// the first time; follows Telegram's colours (themeParams as the site's
// custom properties) and uses Telegram's back button. entry-client loads
// this module only inside Telegram.
//
// Telegram's script (telegram-web-app.js) is loaded only on the telegram
// layout (/opentelegram), the one page whose Content-Security-Policy
// allows https://telegram.org; the pages it leads to keep the theme from
// sessionStorage, and use Telegram.WebApp when it is there (a test's stub).
import { callApi } from "./api";
import { t, type Lang } from "./i18n";

/** WebApp is the part of Telegram.WebApp the site uses. */
export interface WebApp {
  initData: string;
  themeParams: Record<string, string | undefined>;
  ready(): void;
  expand?(): void;
  onEvent?(event: string, handler: () => void): void;
  requestContact?(callback: (shared: boolean) => void): void;
  BackButton?: { show(): void; hide(): void; onClick(handler: () => void): void };
}

declare global {
  interface Window {
    Telegram?: { WebApp?: WebApp };
  }
}

/** flagKey marks a tab that was opened inside Telegram (entry-client reads it). */
export const flagKey = "sogliq:telegram";
const themeKey = "sogliq:telegram-theme";
const triedKey = "sogliq:telegram-tried";
const initKey = "sogliq:telegram-init";
const scriptURL = "https://telegram.org/js/telegram-web-app.js";

// Telegram's colours and the site's custom properties they become.
const palette: [string, string[]][] = [
  ["bg_color", ["--surface"]],
  ["secondary_bg_color", ["--background", "--surface-muted", "--tint"]],
  ["text_color", ["--text"]],
  ["hint_color", ["--text-muted"]],
  ["button_color", ["--brand", "--loading"]],
  ["button_text_color", ["--on-brand"]],
  ["section_separator_color", ["--border"]],
];

const color = /^#[0-9a-fA-F]{3,8}$/;

/** applyTheme sets Telegram's colours (only well-formed ones) on the page. */
export function applyTheme(theme: Record<string, string | undefined> | null): void {
  if (!theme) return;
  const style = document.documentElement.style;
  for (const [name, props] of palette) {
    const value = theme[name];
    if (!value || !color.test(value)) continue;
    style.setProperty("--tg-" + name.replace(/_/g, "-"), value);
    for (const p of props) style.setProperty(p, value);
  }
}

function storedTheme(): Record<string, string | undefined> | null {
  try {
    return JSON.parse(sessionStorage.getItem(themeKey) || "null");
  } catch {
    return null;
  }
}

/** webApp is Telegram.WebApp: present, or loaded on the telegram layout. */
function webApp(): Promise<WebApp | undefined> {
  if (window.Telegram?.WebApp) return Promise.resolve(window.Telegram.WebApp);
  if (!document.querySelector("main.telegram")) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const s = document.createElement("script");
    s.src = scriptURL;
    s.onload = () => resolve(window.Telegram?.WebApp);
    s.onerror = () => resolve(undefined);
    document.head.append(s);
  });
}

function lang(): Lang {
  return document.documentElement.lang === "uz" ? "uz" : "ru";
}

/** say shows a short message at the top of the page (a refusal, a hint). */
function say(text: string): void {
  let el = document.querySelector<HTMLElement>(".telegram-notice");
  if (!el) {
    el = document.createElement("p");
    el.className = "telegram-notice";
    el.setAttribute("role", "status");
    (document.querySelector("main") ?? document.body).prepend(el);
  }
  el.textContent = text;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface SessionState {
  signedIn: boolean;
  contactNeeded: boolean;
  next?: string;
}

/**
 * launch keeps what Telegram put in the first page's address
 * (#tgWebAppData: the initData; #tgWebAppThemeParams: the colours), for
 * pages without Telegram's script.
 */
function launch(): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const data = params.get("tgWebAppData");
  if (!data) return;
  sessionStorage.setItem(initKey, data);
  const theme = params.get("tgWebAppThemeParams");
  if (theme) sessionStorage.setItem(themeKey, theme);
}

/** entryPath is /opentelegram in the page's language. */
const entryPath = () => (lang() === "uz" ? "/uz/opentelegram" : "/opentelegram");

/** nextPath is ?next= of the entry page when it is a path of this site. */
function nextPath(): string | null {
  const next = new URLSearchParams(location.search).get("next");
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : null;
}

/**
 * signIn posts initData once per tab: signed in, the page reloads as the
 * signed-in visitor (or goes on to ?next=). Without a phone yet, Telegram
 * asks for the contact, and once it reached the bot the same initData is
 * posted again; a page without Telegram's script (a deep link to a doctor)
 * first goes to /opentelegram, which has it, and comes back after.
 */
async function signIn(initData: string, app?: WebApp): Promise<void> {
  if (document.documentElement.hasAttribute("data-signed-in") || !initData) return;
  if (sessionStorage.getItem(triedKey) === initData) return;
  const l = lang();
  const post = () => callApi<SessionState>("POST", "/api/telegram/session?lang=" + l, { initData }, t(l, "form.networkError"));
  let answer = await post();
  if (answer.data?.contactNeeded && !app?.requestContact && !document.querySelector("main.telegram")) {
    return location.assign(entryPath() + "?next=" + encodeURIComponent(location.pathname + location.search));
  }
  if (answer.data?.contactNeeded && !app?.requestContact) return say(t(l, "telegram.contactRefused"));
  if (answer.data?.contactNeeded && app?.requestContact) {
    say(t(l, "telegram.askContact"));
    const shared = await new Promise<boolean>((resolve) => app.requestContact?.(resolve));
    if (!shared) return say(t(l, "telegram.contactRefused"));
    say(t(l, "telegram.signingIn"));
    // The contact reaches the site through the bot's webhook: a moment later.
    for (let i = 0; i < 15 && answer.data?.contactNeeded; i++) {
      await sleep(1000);
      answer = await post();
    }
  }
  sessionStorage.setItem(triedKey, initData);
  if (answer.data?.signedIn) {
    const next = nextPath();
    return next ? location.replace(next) : location.reload();
  }
  if (answer.error) say(answer.error);
}

/** backButton shows Telegram's back button on every page but the entry. */
function backButton(app: WebApp): void {
  const back = app.BackButton;
  if (!back) return;
  const entry = /^(\/uz)?\/opentelegram$/.test(location.pathname);
  if (entry || history.length < 2) return back.hide();
  back.onClick(() => history.back());
  back.show();
}

/**
 * rawBackButton is the back button on a page without Telegram's script,
 * through the phone apps' own bridge (core.telegram.org/api/web-events):
 * web_app_setup_back_button out, back_button_pressed in.
 */
function rawBackButton(): void {
  const w = window as unknown as {
    TelegramWebviewProxy?: { postEvent(type: string, data: string): void };
    Telegram?: { WebView?: { receiveEvent?(type: string, data?: unknown): void } };
  };
  const proxy = w.TelegramWebviewProxy;
  if (!proxy) return;
  const visible = !/^(\/uz)?\/opentelegram$/.test(location.pathname) && history.length > 1;
  proxy.postEvent("web_app_setup_back_button", JSON.stringify({ is_visible: visible }));
  const telegram = (w.Telegram ??= {});
  const before = telegram.WebView?.receiveEvent;
  telegram.WebView = {
    ...telegram.WebView,
    receiveEvent(type: string, data?: unknown) {
      if (type === "back_button_pressed") history.back();
      before?.(type, data);
    },
  };
}

/** start runs inside Telegram, on every page of the tab. */
export async function start(): Promise<void> {
  try {
    sessionStorage.setItem(flagKey, "1");
    launch();
  } catch {
    // Storage refused: this page still works, the next ones do less.
  }
  document.documentElement.setAttribute("data-telegram", "");
  applyTheme(storedTheme());
  const app = await webApp();
  if (app) {
    app.ready();
    app.expand?.();
    applyTheme(app.themeParams);
    sessionStorage.setItem(themeKey, JSON.stringify(app.themeParams));
    app.onEvent?.("themeChanged", () => applyTheme(app.themeParams));
    backButton(app);
  } else {
    rawBackButton();
  }
  await signIn(app?.initData || sessionStorage.getItem(initKey) || "", app);
}

/**
 * finishLogin takes the login widget's fields Telegram sent back to /login
 * (#tgAuthResult, base64 JSON) to /api/telegram/login: signed in (or
 * Telegram linked to the signed-in account) it goes on to the profile,
 * refused it says why.
 */
export async function finishLogin(): Promise<void> {
  const raw = location.hash.slice("#tgAuthResult=".length);
  history.replaceState(null, "", location.pathname + location.search);
  const l = lang();
  let fields: unknown;
  try {
    fields = JSON.parse(atob(raw.replace(/-/g, "+").replace(/_/g, "/")));
  } catch {
    return say(t(l, "telegram.badHash"));
  }
  const answer = await callApi<SessionState>("POST", "/api/telegram/login?lang=" + l, fields, t(l, "form.networkError"));
  if (answer.data?.signedIn) return location.assign(answer.data.next || "/profile");
  say(answer.error ?? t(l, "telegram.badHash"));
}
