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

/** hydrated waits until an island has marked itself hydrated (data-hydrated), never by sleeping. */
export async function hydrated(page, island) {
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor({ state: "attached" });
}

export const mobile = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 900 };
// Generous, because a cold CI machine renders the first pages slowly; a
// passing run never waits this long since every wait is for a state.
const timeout = 15_000;

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
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    return await fn(page, context);
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
      problems.push(`console.${msg.type()}: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ""}`);
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
