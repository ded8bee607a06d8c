// What every browser test shares: Debian's Chromium with the flags this
// closed network needs, a fresh profile per context, the problem watcher and
// screenshots for humans. Not a test file: node --test runs *.test.mjs.
import { before } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

export const baseURL = process.env.BASE_URL?.replace(/\/+$/, "");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const screenshotDir = process.env.SCREENSHOT_DIR;
const gateway = process.env.SMS_GATEWAY_URL?.replace(/\/+$/, "");

/** smsCode reads the last sign-in code the loopback gateway took for phone, as a patient reads their phone. */
export async function smsCode(phone) {
  assert.ok(gateway, "SMS_GATEWAY_URL is not set");
  const res = await fetch(`${gateway}/last?phone=${encodeURIComponent(phone)}`);
  const { code } = await res.json();
  assert.match(code, /^\d{6}$/, `no code was sent to ${phone}`);
  return code;
}

/** signInByAPI signs the context in through the sign-in API, as the form does. */
export async function signInByAPI(context, phone) {
  const code = await context.request.post("/api/auth/code", { data: { phone } });
  assert.equal(code.status(), 200, "code requested");
  const verify = await context.request.post("/api/auth/verify", { data: { phone, code: await smsCode(phone) } });
  assert.equal(verify.status(), 200, "code verified");
}

/**
 * wakeUntil repeats wake until ready is attached (wake may miss: the entry
 * attaches its listeners in an idle task after load, and a page may
 * navigate meanwhile), never sleeping: each round waits for the state.
 */
async function wakeUntil(page, ready, wake) {
  const deadline = Date.now() + timeout;
  for (;;) {
    await wake().catch(() => undefined);
    try {
      await ready.waitFor({ state: "attached", timeout: 500 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

/**
 * hydrated waits until an island has marked itself hydrated (data-hydrated).
 * An island that hydrates on interaction or when visible is woken as a
 * patient would wake it: a pointer over it, a scroll to it.
 */
export async function hydrated(page, island) {
  const marker = page.locator(`[data-island="${island}"]`).first();
  const ready = page.locator(`[data-island="${island}"][data-hydrated="true"]`).first();
  await marker.waitFor({ state: "attached" });
  if ((await marker.getAttribute("data-hydrate")) === "idle") return ready.waitFor({ state: "attached" });
  await wakeUntil(page, ready, async () => {
    if ((await marker.getAttribute("data-hydrate", { timeout: 1000 })) === "visible") await marker.evaluate((el) => el.scrollIntoView({ block: "center" }), null, { timeout: 1000 });
    else await marker.dispatchEvent("pointerover", {}, { timeout: 1000 });
  });
}

/**
 * freeTimes waits until the page's free times (lib/freeTimes.ts: "cards" on
 * a listing, "week" on a doctor's card) have loaded, scrolling to them as
 * a patient would (they load when they come into view).
 */
export async function freeTimes(page, kind) {
  const place = page.locator(kind === "cards" ? ".doctor-summary" : `[data-free-times="${kind}"]`).first();
  await place.waitFor({ state: "attached" });
  await wakeUntil(page, page.locator(`[data-free-times="${kind}"][data-ready="true"]`), () => place.evaluate((el) => el.scrollIntoView({ block: "center" }), null, { timeout: 1000 }));
}

export const mobile = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 900 };
// Generous, because a cold CI machine renders the first pages slowly, and
// make test runs the race-detector packages beside the browser on two
// cores (two 15 s waits ran out there, a script and a hydration starved);
// a passing run never waits this long since every wait is for a state.
const timeout = 30_000;

before(() => {
  assert.ok(baseURL, "BASE_URL is not set: start the site and run BASE_URL=http://host:port node --test client/e2e/");
});

/**
 * withContext runs fn(page, context) in a fresh browser with its own
 * temporary profile directory, removed afterwards, so no run sees another's
 * cookies or cache.
 */
export async function withContext(options, fn) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "sogliq-e2e-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    baseURL,
    ...options,
  });
  context.setDefaultTimeout(timeout);
  const page = context.pages()[0] ?? (await context.newPage());
  // What the page said, printed when a step fails: a wait that times out
  // says nothing of the script error that kept the state from coming.
  const said = [];
  page.on("console", (m) => ["error", "warning"].includes(m.type()) && said.push(`console.${m.type()} on ${page.url()}: ${m.text()}`));
  page.on("pageerror", (err) => said.push(`pageerror on ${page.url()}: ${err.stack || err.message}`));
  try {
    return await fn(page, context);
  } catch (err) {
    console.error(`failed on ${page.url()}; the page said:\n${said.join("\n") || "(nothing)"}`);
    throw err;
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

/**
 * watchProblems records, from the first request on, everything that would
 * show up red or yellow in the console: console errors and warnings (React's
 * hydration errors, the entry's "hydration error in island ..."), CSP
 * violations and failed loads (Chromium logs those as console entries too),
 * uncaught exceptions, and responses with an error status.
 */
export function watchProblems(page) {
  const problems = [];
  page.on("console", (msg) => {
    const loc = msg.location();
    if (msg.type() === "error" || msg.type() === "warning") {
      // The page's address first: a hydration error's stack names no page.
      problems.push(`console.${msg.type()} on ${page.url()}: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ""}`);
    }
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.stack || err.message}`));
  page.on("requestfailed", (req) => {
    // Leaving a page aborts what it still had in flight, e.g. the hover
    // prefetch of the very link clicked (client/lib/loading.ts).
    const why = req.failure()?.errorText ?? "";
    if (why !== "net::ERR_ABORTED") problems.push(`requestfailed: ${req.url()} ${why}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return problems;
}

/** screenshot saves a picture to $SCREENSHOT_DIR when it is set. */
export async function screenshot(page, name) {
  if (!screenshotDir) return;
  await mkdir(screenshotDir, { recursive: true });
  // Transitions finished, so the picture shows where things come to rest.
  await page.screenshot({ path: path.join(screenshotDir, name), animations: "disabled" });
}
