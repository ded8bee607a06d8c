// Browser tests of the remembered language (issue 27, item 2; SPEC §3, §4):
// the tap on the language switcher stores the choice for 365 days by
// itself, before any island has loaded or with no JavaScript at all, and
// the unprefixed home then opens in the chosen language, over the
// browser's own preference.
import { test } from "node:test";
import assert from "node:assert/strict";
import { desktop, mobile, withContext } from "./browser.mjs";

const year = 365 * 24 * 60 * 60;

/** languageCookie is the stored choice: its value and how many seconds it has left. */
async function languageCookie(context) {
  const c = (await context.cookies()).find((c) => c.name === "lang");
  return c ? { value: c.value, path: c.path, left: Math.round(c.expires - Date.now() / 1000) } : null;
}

function lastsAYear(cookie) {
  return cookie !== null && cookie.path === "/" && Math.abs(cookie.left - year) < 120;
}

test("without JavaScript, O'zb then / opens /uz; Рус then / opens / for a browser that prefers Uzbek", async () => {
  await withContext({ javaScriptEnabled: false, viewport: desktop, locale: "uz-UZ" }, async (page, context) => {
    await page.goto("/doctors/kardiolog");
    await Promise.all([page.waitForURL((u) => u.pathname === "/uz/doctors/kardiolog" && u.search === ""), page.locator('a.lang-switcher__item[hreflang="uz"]').click()]);
    const cookie = await languageCookie(context);
    assert.equal(cookie?.value, "uz");
    assert.ok(lastsAYear(cookie), `the choice is kept 365 days on /: ${JSON.stringify(cookie)}`);
    await page.goto("/");
    assert.equal(new URL(page.url()).pathname, "/uz");

    // Back to Russian, though the browser asks for Uzbek first.
    await Promise.all([page.waitForURL((u) => u.pathname === "/" && u.search === ""), page.locator('a.lang-switcher__item[hreflang="ru"]').click()]);
    assert.equal((await languageCookie(context))?.value, "ru");
    await page.goto("/");
    assert.equal(new URL(page.url()).pathname, "/", "the stored Russian beats Accept-Language: uz");
  });
});

test("a tap before any island has loaded stores the choice", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    // The islands' chunks never arrive: the switcher's script cannot run.
    await page.route("**/assets/islands/**", () => {});
    await page.goto("/uz/doctors", { waitUntil: "domcontentloaded" });
    assert.equal(await page.locator('[data-island="LanguageSwitcher"][data-hydrated="true"]').count(), 0);
    await Promise.all([page.waitForURL((u) => u.pathname === "/doctors" && u.search === "", { waitUntil: "domcontentloaded" }), page.locator('a.lang-switcher__item[hreflang="ru"]').tap()]);
    const cookie = await languageCookie(context);
    assert.equal(cookie?.value, "ru");
    assert.ok(lastsAYear(cookie), JSON.stringify(cookie));

    // A phone that prefers Uzbek still opens the chosen Russian.
    await page.unroute("**/assets/islands/**");
    await page.setExtraHTTPHeaders({ "Accept-Language": "uz-UZ,uz;q=0.9" });
    const res = await page.goto("/");
    assert.equal(new URL(page.url()).pathname, "/");
    assert.equal(res.status(), 200);
  });
});
