// Browser tests of page loading (SPEC §4 Page loading flags, §9): the
// flags on <html>, the bar in the loading colour while a language switch
// loads, the Speculation Rules that never preload a private page (and pass
// the Content-Security-Policy), and the hover-prefetch fallback for
// browsers without them, at most limits.prefetchConcurrency at once.
//
// Run against a running site: BASE_URL=http://127.0.0.1:8080 node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { baseURL, desktop, hydrated, mobile, watchProblems, withContext } from "./browser.mjs";

const limits = JSON.parse(await readFile(new URL("../../shared/limits.json", import.meta.url), "utf8"));

/** flags reads the page loading flags and the bar's state. */
function flags(page) {
  return page.evaluate(() => ({
    firstLoading: document.documentElement.dataset.firstLoading !== undefined,
    localeChanging: document.documentElement.dataset.localeChanging !== undefined,
    loading: document.documentElement.classList.contains("is-loading"),
  }));
}

test("the loading flags: first loading until the page is loaded, locale changing during a language switch, the bar in #496acf", async () => {
  const html = await (await fetch(baseURL + "/doctors")).text();
  assert.match(html, /<html[^>]* data-first-loading=""/, "the server starts the first-loading flag");
  await withContext({ viewport: mobile }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/doctors");
    await hydrated(page, "LanguageSwitcher");
    await page.waitForFunction(() => document.documentElement.dataset.firstLoading === undefined);
    assert.deepEqual(await flags(page), { firstLoading: false, localeChanging: false, loading: false });

    // What the page shows as the switch begins, recorded by a listener that
    // runs after the page's own (window, after document) and kept across
    // the navigation. (The page cannot be held back: Speculation Rules
    // prefetched it on hover, outside the test's interception.)
    await page.evaluate(() =>
      addEventListener("click", () => {
        const root = document.documentElement;
        const bar = getComputedStyle(document.querySelector(".loading-bar"));
        sessionStorage.setItem("seen", JSON.stringify({
          flags: { firstLoading: root.dataset.firstLoading !== undefined, localeChanging: root.dataset.localeChanging !== undefined, loading: root.classList.contains("is-loading") },
          bar: { color: bar.backgroundColor, opacity: bar.opacity },
        }));
      }),
    );
    await Promise.all([page.waitForURL((u) => u.pathname === "/uz/doctors"), page.locator('a.lang-switcher__item[hreflang="uz"]').click()]);
    const seen = JSON.parse(await page.evaluate(() => sessionStorage.getItem("seen")));
    assert.deepEqual(seen, { flags: { firstLoading: false, localeChanging: true, loading: true }, bar: { color: "rgb(73, 106, 207)", opacity: "1" } });
    assert.equal(limits.loadingColor, "#496acf");
    await hydrated(page, "LanguageSwitcher");
    await page.waitForFunction(() => document.documentElement.dataset.firstLoading === undefined);
    assert.deepEqual(await flags(page), { firstLoading: false, localeChanging: false, loading: false });
    assert.deepEqual(problems, []);
  });
});

test("the Speculation Rules prefetch public pages, never private ones, within the Content-Security-Policy", async () => {
  await withContext({ viewport: desktop }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/uz/doctors");
    await hydrated(page, "LanguageSwitcher");
    const verdicts = await page.evaluate(() => {
      const script = document.querySelector('head script[type="speculationrules"]');
      const rules = JSON.parse(script.textContent);
      const [rule] = rules.prefetch;
      const list = (x) => (Array.isArray(x) ? x : [x]);
      const matches = (patterns, path) => list(patterns).some((p) => new URLPattern(p, location.href).test(new URL(path, location.href)));
      const [inside, outside] = rule.where.and;
      const prefetched = (path) => matches(inside.href_matches, path) && !matches(outside.not.href_matches, path);
      return {
        supported: HTMLScriptElement.supports("speculationrules"),
        eagerness: rule.eagerness,
        private: ["/profile", "/uz/profile/personal", "/profile/consultant/ai_chat/12", "/history", "/uz/history/5", "/dashboard?days=7", "/editor?kind=doctor", "/desk", "/register/finalize", "/api/suggest?q=ab"].filter(prefetched),
        public: ["/doctors", "/uz/doctors/kardiolog?sort=rating", "/kliniki/byalltype/all?sort=popular", "/klinika/x/kontakty", "/faq", "/login"].filter((p) => !prefetched(p)),
      };
    });
    assert.deepEqual(verdicts, { supported: true, eagerness: "moderate", private: [], public: [] });
    // A link hovered is prefetched by the browser (moderate: on hover), and the CSP let the rules run.
    const prefetches = [];
    page.on("request", (req) => req.headers()["sec-purpose"]?.includes("prefetch") && prefetches.push(new URL(req.url()).pathname));
    const link = page.locator('main a[href^="/uz/doctors/"]').first();
    await link.hover();
    const deadline = Date.now() + 10_000;
    while (prefetches.length === 0 && Date.now() < deadline) await page.waitForTimeout(50);
    assert.deepEqual(prefetches.slice(0, 1), [await link.getAttribute("href")]);
    assert.deepEqual(problems, []);
  });
});

test("without Speculation Rules, hover prefetch holds at most 5 requests in flight and skips private pages", async () => {
  await withContext({ viewport: desktop }, async (page) => {
    await page.addInitScript(() => {
      const supports = HTMLScriptElement.supports.bind(HTMLScriptElement);
      HTMLScriptElement.supports = (type) => type !== "speculationrules" && supports(type);
    });
    await page.goto("/doctors");
    await hydrated(page, "LanguageSwitcher");
    const held = [];
    const seen = [];
    await page.route((u) => u.pathname.startsWith("/doctors/") || u.pathname.startsWith("/profile"), (route) => {
      if (route.request().resourceType() !== "fetch") return route.continue();
      seen.push(new URL(route.request().url()).pathname);
      held.push(route);
    });
    const paths = await page.evaluate(() => {
      const links = [...document.querySelectorAll('main a[href^="/doctors/"]')].slice(0, 12);
      const profile = document.createElement("a");
      profile.href = "/profile/personal";
      profile.textContent = "profile";
      document.querySelector("main").append(profile);
      for (const a of [profile, ...links]) a.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      return links.map((a) => a.getAttribute("href"));
    });
    assert.ok(paths.length > limits.prefetchConcurrency, `only ${paths.length} links to hover`);
    const until = async (n) => {
      const deadline = Date.now() + 10_000;
      while (seen.length < n && Date.now() < deadline) await page.waitForTimeout(20);
    };
    await until(limits.prefetchConcurrency);
    await page.waitForTimeout(300); // a sixth would have started by now
    assert.equal(seen.length, limits.prefetchConcurrency, "at most 5 at once");
    await held.shift().continue();
    await until(limits.prefetchConcurrency + 1);
    assert.equal(seen.length, limits.prefetchConcurrency + 1, "one more once one finished");
    while (seen.length < paths.length) {
      const route = held.shift();
      if (route) await route.continue();
      else await page.waitForTimeout(20);
    }
    for (const r of held) await r.continue();
    assert.deepEqual(seen.sort(), paths.sort(), "every public link once, the private one never");
  });
});
