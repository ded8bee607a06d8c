// Browser tests of the doctors listing: the server HTML carries the content
// without JavaScript, and with JavaScript the islands hydrate cleanly (no
// console errors, no hydration mismatch, no CSP violation) and work.
//
// Run against a running site: BASE_URL=http://127.0.0.1:8080 node --test client/e2e/
// (server/site/browser_test.go starts a seeded site and does this).
import { test } from "node:test";
import assert from "node:assert/strict";
import { desktop, mobile, screenshot, watchProblems, withContext, hydrated } from "./browser.mjs";

async function waitForIslands(page) {
  await hydrated(page, "BurgerMenu");
  await hydrated(page, "LanguageSwitcher");
}

/** expectSidebar waits until the burger and the sidebar agree on open. */
async function expectSidebar(page, open) {
  const want = String(open);
  await page.locator(`#sidebar[data-open="${want}"]`).waitFor({ state: "attached" });
  await page.locator(`button.burger[aria-expanded="${want}"]`).waitFor({ state: "visible" });
  assert.equal(await page.locator("body").evaluate((b) => b.classList.contains("has-open-sidebar")), open);
  // Closed, the sidebar's links are out of the tab order (inert).
  assert.equal(await page.locator("#sidebar").evaluate((s) => s.inert), !open);
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
