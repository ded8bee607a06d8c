// Browser tests of the doctors listing: the server HTML carries the content
// without JavaScript, and with JavaScript the islands hydrate cleanly (no
// console errors, no hydration mismatch, no CSP violation) and work.
//
// Run against a running site: BASE_URL=http://127.0.0.1:8080 node --test client/e2e/
// (server/site/browser_test.go starts a seeded site and does this).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const baseURL = process.env.BASE_URL?.replace(/\/+$/, "");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const screenshotDir = process.env.SCREENSHOT_DIR;
const mobile = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
// Generous, because a cold CI machine renders the first pages slowly; a
// passing run never waits this long since every wait is for a state.
const timeout = 15_000;

before(() => {
  assert.ok(baseURL, "BASE_URL is not set: start the site and run BASE_URL=http://host:port node --test client/e2e/");
});

/**
 * withContext runs fn in a fresh browser with its own temporary profile
 * directory, removed afterwards, so no run sees another's cookies or cache.
 */
async function withContext(options, fn) {
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
function watchProblems(page) {
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

async function screenshot(page, name) {
  if (!screenshotDir) return;
  await mkdir(screenshotDir, { recursive: true });
  // Transitions finished, so the picture shows where things come to rest.
  await page.screenshot({ path: path.join(screenshotDir, name), animations: "disabled" });
}

async function waitForIslands(page) {
  await page.locator('[data-island="BurgerMenu"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.locator('[data-island="LanguageSwitcher"][data-hydrated="true"]').first().waitFor({ state: "attached" });
}

/** expectSidebar waits until the burger and the sidebar agree on open. */
async function expectSidebar(page, open) {
  const want = String(open);
  await page.locator(`#sidebar[data-open="${want}"]`).waitFor({ state: "attached" });
  await page.locator(`button.burger[aria-expanded="${want}"]`).waitFor({ state: "visible" });
  assert.equal(await page.locator("body").evaluate((b) => b.classList.contains("has-open-sidebar")), open);
}

for (const { path: pagePath, lang, h1 } of [
  { path: "/doctors/kardiolog", lang: "ru", h1: /Кардиолог/ },
  { path: "/uz/doctors/kardiolog", lang: "uz", h1: /Kardiolog/ },
]) {
  test(`without JavaScript ${pagePath} is complete in the HTML`, async () => {
    await withContext({ javaScriptEnabled: false, viewport: desktop }, async (page) => {
      const res = await page.goto(pagePath);
      assert.equal(res?.status(), 200, `GET ${pagePath}`);
      const cards = await page.locator("article.doctor-summary").count();
      assert.ok(cards >= 10, `want at least 10 article.doctor-summary, got ${cards}`);
      const names = await page.locator("h2.doctor-summary__name a").count();
      assert.ok(names >= 10, `want at least 10 doctor names, got ${names}`);
      assert.match(await page.locator("h1").first().innerText(), h1);
      assert.equal(await page.locator("html").getAttribute("lang"), lang);
      assert.notEqual((await page.title()).trim(), "", "<title> is empty");
      assert.equal(await page.locator('head link[rel="canonical"]').count(), 1, "link[rel=canonical] in head");
      assert.equal(await page.locator('head link[rel="alternate"][hreflang="uz"]').count(), 1, "link[rel=alternate][hreflang=uz] in head");
      assert.equal(await page.locator('head link[rel="alternate"][hreflang="ru"]').count(), 1, "link[rel=alternate][hreflang=ru] in head");
    });
  });
}

test("with JavaScript the islands hydrate cleanly and the burger works", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    const res = await page.goto("/doctors/kardiolog");
    assert.equal(res?.status(), 200);
    await waitForIslands(page);

    const burger = page.locator("button.burger");
    await expectSidebar(page, false);
    await burger.click();
    await expectSidebar(page, true);
    await screenshot(page, "kardiolog-mobile-sidebar.png");

    await page.keyboard.press("Escape");
    await expectSidebar(page, false);

    await burger.click();
    await expectSidebar(page, true);
    const link = page.locator("#sidebar a[href]:visible").first();
    const href = await link.getAttribute("href");
    assert.ok(href, "the open sidebar has a visible link");
    const before = page.url();
    const target = new URL(href, page.url()).href;
    if (target !== before) {
      await Promise.all([page.waitForURL(target), link.click()]);
      assert.notEqual(page.url(), before);
      // Let the new page hydrate too, so its errors are counted below.
      await waitForIslands(page);
    }

    assert.deepEqual(problems, [], `console errors, warnings or page errors:\n${problems.join("\n")}`);
  });
});

test("with JavaScript the desktop page hydrates without errors", async () => {
  await withContext({ viewport: desktop }, async (page) => {
    const problems = watchProblems(page);
    const res = await page.goto("/doctors/kardiolog");
    assert.equal(res?.status(), 200);
    await waitForIslands(page);
    await screenshot(page, "kardiolog-desktop.png");
    assert.deepEqual(problems, [], `console errors, warnings or page errors:\n${problems.join("\n")}`);
  });
});

// Chromium asks for an icon on every first visit; a missing one is a console error.
test("the site has a favicon", async () => {
  await withContext({ javaScriptEnabled: false, viewport: desktop }, async (page) => {
    await page.goto("/doctors/kardiolog");
    const icon = page.locator('head link[rel~="icon"]');
    const href = (await icon.count()) > 0 ? await icon.first().getAttribute("href") : "/favicon.ico";
    const res = await page.request.get(href);
    assert.equal(res.status(), 200, `GET ${href}`);
  });
});
