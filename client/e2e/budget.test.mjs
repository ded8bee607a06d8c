// The JavaScript budget (issue 17): before the patient touches anything, a
// home, listing or card page transfers at most 30 KB of script, because
// islands hydrate when they are needed (client/entry-client.tsx); and what
// was touched before hydration still works: a tap on the burger opens the
// menu, text typed into the search box gets its suggestions. The visitor
// has chosen a region before (a returning visitor: the first visit's region
// prompt hydrates the picker at once, on purpose). The free times, on
// listings and doctors' cards, load without React when they come into view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, desktop, freeTimes, mobile, watchProblems, withContext } from "./browser.mjs";

const budget = 30 * 1024;

/**
 * transferred counts, from Chromium's network events (CDP), the bytes each
 * script took on the wire (headers and compressed body) with the cache
 * off: what a patient's phone downloads on a first visit. It returns the
 * running list of [path, bytes].
 */
async function transferred(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  // A first visit: nothing from the HTTP cache of an earlier page.
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Map();
  const done = [];
  cdp.on("Network.responseReceived", (e) => e.type === "Script" && scripts.set(e.requestId, new URL(e.response.url).pathname));
  cdp.on("Network.loadingFinished", (e) => scripts.has(e.requestId) && done.push([scripts.get(e.requestId), e.encodedDataLength]));
  return done;
}

function sum(files) {
  return files.reduce((n, [, bytes]) => n + bytes, 0);
}

/** scriptBytes loads path and sums the scripts it transferred until the network went quiet. */
async function scriptBytes(page, path) {
  const files = await transferred(page);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Idle callbacks (the entry schedules islands in one) have run once the
  // page answers one of its own.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve())));
  await page.waitForLoadState("networkidle");
  return { total: sum(files), files: files.map(([f, n]) => `${f} ${n}`) };
}

async function returningVisitor(context) {
  await context.addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
}

/** firstHref is the href of the first element matching selector on path. */
async function firstHref(page, path, selector) {
  await page.goto(path);
  return page.locator(selector).first().getAttribute("href");
}

for (const [device, viewport] of [
  ["phone", mobile],
  ["desktop", desktop],
]) {
  test(`${device}: home, listings and cards transfer at most 30 KB of script before any interaction`, async (t) => {
    await withContext({ viewport, isMobile: device === "phone", hasTouch: device === "phone" }, async (page, context) => {
      await returningVisitor(context);
      const clinic = await firstHref(page, "/kliniki/byalltype/all", "main a[href^='/klinika/']");
      assert.ok(clinic, "a clinic's link on the clinics listing");
      const doctor = await firstHref(page, "/doctors/kardiolog", "main a[href^='/doctor/']");
      assert.ok(doctor, "a doctor's link on the doctors listing");
      for (const path of ["/", "/uz", "/kliniki/byalltype/all", "/uz/kliniki/byalltype/all", "/doctors/kardiolog", "/uz/samarkand/doctors", clinic, doctor, `/uz${doctor}`]) {
        const fresh = await context.newPage();
        const problems = watchProblems(fresh);
        const { total, files } = await scriptBytes(fresh, path);
        t.diagnostic(`${path}: ${total} bytes of script`);
        assert.ok(total > 0, `${path}: the entry's script is counted`);
        assert.ok(total <= budget, `${path}: ${total} bytes of script before any interaction (budget ${budget}):\n${files.join("\n")}`);
        assert.equal(await fresh.locator("[data-island][data-hydrated]").count(), 0, `${path}: no island hydrated before any interaction`);
        assert.deepEqual(problems, [], problems.join("\n"));
        await fresh.close();
      }
    });
  });
}

test("free times load without React, when they come into view, on a listing and a doctor's card", async (t) => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await returningVisitor(context);
    const doctor = await firstHref(page, "/doctors/kardiolog", "main a[href^='/doctor/']");
    for (const [path, kind] of [
      ["/doctors/kardiolog", "cards"],
      [doctor, "week"],
    ]) {
      const fresh = await context.newPage();
      const problems = watchProblems(fresh);
      const scripts = await transferred(fresh);
      await fresh.goto(path);
      await freeTimes(fresh, kind);
      await fresh.locator(`[data-free-times="${kind}"] .slot-button, .doctor-summary .slot-button, .next-slots__none, .week-slots__empty`).first().waitFor({ state: "attached" });
      const total = sum(scripts);
      t.diagnostic(`${path}: ${total} bytes of script with the free times shown`);
      assert.ok(scripts.some(([f]) => f.includes("/chunks/freeTimes-")), `${path}: the free times' chunk loaded`);
      assert.ok(total <= budget, `${path}: ${total} bytes of script with the free times shown (budget ${budget}):\n${scripts.join("\n")}`);
      assert.equal(await fresh.locator("[data-island][data-hydrated]").count(), 0, `${path}: no island hydrated`);
      assert.deepEqual(problems, [], problems.join("\n"));
      await fresh.close();
    }
  });
});

test("a tap on the burger before hydration opens the menu; typing before hydration gets suggestions", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await returningVisitor(context);
    const problems = watchProblems(page);
    await page.goto("/kliniki/byalltype/all");
    assert.equal(await page.locator('[data-island="BurgerMenu"][data-hydrated]').count(), 0);
    await page.locator("button.burger").click();
    await page.locator('#sidebar[data-open="true"]').waitFor({ state: "attached" });
    await page.locator("button.burger").click();
    await page.locator('#sidebar[data-open="false"]').waitFor({ state: "attached" });

    await page.goto("/");
    assert.equal(await page.locator('[data-island="SearchBox"][data-hydrated]').count(), 0);
    const input = page.locator("#header-search");
    await page.locator("label.header__find").click();
    await input.pressSequentially("кардио");
    await page.locator('[role="option"]').first().waitFor({ state: "visible" });
    assert.equal(await input.inputValue(), "кардио");
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
