// Browser tests of the region picker and the region prompt (spec §4). The
// site under test asks a stub location service on loopback that places
// every visitor in Samarkand (server/site/browser_test.go).
//
// Run against a running site: BASE_URL=http://127.0.0.1:8080 node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, desktop, mobile, screenshot, watchProblems, withContext, hydrated } from "./browser.mjs";

const day = 24 * 60 * 60 * 1000;

/**
 * watch records console errors and warnings (hydration mismatches among
 * them), page errors, failed requests and error statuses, and the calls of
 * the detection endpoint.
 */
function watch(page) {
  const problems = watchProblems(page);
  const detectCalls = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/locations/detect") detectCalls.push(req.url());
  });
  return { problems, detectCalls };
}

async function waitForPicker(page) {
  await hydrated(page, "RegionPicker");
}

async function cookie(context, name) {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

function pathOf(page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

test("the region button shows the page's region, in the HTML without JavaScript", async () => {
  await withContext({ javaScriptEnabled: false, viewport: desktop }, async (page) => {
    await page.goto("/uz/samarkand/doctors/kardiolog");
    assert.equal((await page.locator("button.region-picker__button").innerText()).trim(), "Samarqand viloyati");
    assert.equal(await page.locator(".region-prompt").count(), 0, "the prompt is never in the server HTML");
  });
});

test("the prompt offers the detected region and Да, верно goes there", async () => {
  await withContext({ viewport: desktop }, async (page, context) => {
    const { problems, detectCalls } = watch(page);
    await page.goto("/doctors/kardiolog");
    await waitForPicker(page);
    const prompt = page.locator(".region-prompt");
    await prompt.waitFor({ state: "visible" });
    assert.equal(await prompt.locator(".region-prompt__question").innerText(), "Ваш город/регион — Самаркандская область?");
    await screenshot(page, "region-prompt-desktop.png");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/samarkand/doctors/kardiolog"),
      prompt.getByRole("button", { name: "Да, верно" }).click(),
    ]);
    assert.equal(await cookie(context, "region"), "samarkand");
    assert.equal(await page.evaluate(() => localStorage.getItem("sogliq:region")), "samarkand");
    await waitForPicker(page);
    assert.equal((await page.locator("button.region-picker__button").innerText()).trim(), "Самаркандская область");
    // A stored region: no more asking.
    assert.equal(await page.locator(".region-prompt").count(), 0);
    assert.equal(detectCalls.length, 1, `detect called ${detectCalls.length} times: ${detectCalls}`);
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});

test("Boshqasini tanlash remembers the rejection and opens the picker; Fergana keeps /uz", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const { problems, detectCalls } = watch(page);
    await page.goto("/uz/doctors/kardiolog");
    await waitForPicker(page);
    const prompt = page.locator(".region-prompt");
    await prompt.waitFor({ state: "visible" });
    assert.equal(await prompt.locator(".region-prompt__question").innerText(), "Sizning shahringiz/viloyatingiz — Samarqand viloyati?");
    await screenshot(page, "region-prompt-mobile.png");
    const before = Date.now();
    await prompt.getByRole("button", { name: "Boshqasini tanlash" }).click();
    const dialog = page.getByRole("dialog", { name: "Viloyatni tanlang" });
    await dialog.waitFor({ state: "visible" });
    await screenshot(page, "region-picker-mobile.png");
    assert.equal(await prompt.count(), 0, "the prompt closes when the picker opens");
    const rejectedAt = Number(await cookie(context, "region_rejected_at"));
    assert.ok(rejectedAt >= before - 1000 && rejectedAt <= Date.now() + 1000, `region_rejected_at=${rejectedAt}`);
    const stored = (await context.cookies()).find((c) => c.name === "region_rejected_at");
    const days = (stored.expires * 1000 - Date.now()) / day;
    assert.ok(days > 29 && days <= 30, `the rejection is kept ${days} days, want 30`);
    assert.equal(await cookie(context, "region"), undefined, "declining stores no region");
    assert.equal(await dialog.locator("li").count(), 14);

    await Promise.all([
      page.waitForURL((u) => u.pathname === "/uz/fergana/doctors/kardiolog"),
      dialog.getByRole("link", { name: "Farg'ona viloyati" }).click(),
    ]);
    assert.equal(await cookie(context, "region"), "fergana");
    await waitForPicker(page);
    assert.equal(await page.locator(".region-prompt").count(), 0);
    assert.equal(detectCalls.length, 1);
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});

test("picking Tashkent drops the region prefix; a rejection within 30 days means no prompt", async () => {
  await withContext({ viewport: desktop }, async (page, context) => {
    const { problems, detectCalls } = watch(page);
    await context.addCookies([
      { name: "region_rejected_at", value: String(Date.now() - 29 * day), url: baseURL },
    ]);
    await page.goto("/samarkand/doctors/kardiolog");
    await waitForPicker(page);
    await page.locator("button.region-picker__button").click();
    const dialog = page.getByRole("dialog", { name: "Выберите регион" });
    await dialog.waitFor({ state: "visible" });
    assert.equal(await dialog.locator('a[aria-current="true"]').innerText(), "Самаркандская область");
    await screenshot(page, "region-picker-desktop.png");
    // Escape closes the picker; the button opens it again.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.locator("button.region-picker__button").click();
    await dialog.waitFor({ state: "visible" });
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/doctors/kardiolog"),
      dialog.getByRole("link", { name: "Ташкент", exact: true }).click(),
    ]);
    assert.equal(pathOf(page), "/doctors/kardiolog");
    assert.equal(await cookie(context, "region"), "tashkent");
    assert.equal(detectCalls.length, 0, "a recent rejection means no detection");
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});

test("a rejection older than 30 days is forgotten: the prompt comes back", async () => {
  await withContext({ viewport: desktop }, async (page, context) => {
    const { problems } = watch(page);
    await context.addCookies([
      { name: "region_rejected_at", value: String(Date.now() - 31 * day), url: baseURL },
    ]);
    await page.goto("/uz");
    await waitForPicker(page);
    await page.locator(".region-prompt").waitFor({ state: "visible" });
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/uz/samarkand"),
      page.getByRole("button", { name: "Ha, to'g'ri" }).click(),
    ]);
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});

test("a first visit's prompt needs no React: drawn with the DOM, Да, верно goes there before anything hydrates", async () => {
  await withContext({ viewport: desktop }, async (page, context) => {
    const { problems } = watch(page);
    const scripts = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script") scripts.push((await res.body().catch(() => Buffer.alloc(0))).length);
    });
    await page.goto("/doctors/kardiolog");
    const prompt = page.locator(".region-prompt[data-plain]");
    await prompt.waitFor({ state: "visible" });
    assert.equal(await prompt.locator(".region-prompt__question").innerText(), "Ваш город/регион — Самаркандская область?");
    assert.equal(await page.locator("[data-island][data-hydrated]").count(), 0, "no island hydrated for the prompt");
    assert.equal(await prompt.evaluate((el) => getComputedStyle(el).position), "fixed", "styled as the island's prompt was");
    const kb = scripts.reduce((a, b) => a + b, 0) / 1024;
    assert.ok(kb < 100, `the prompt came with ${kb.toFixed(1)} KiB of script (React is ~330 KiB)`);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/samarkand/doctors/kardiolog"),
      prompt.getByRole("button", { name: "Да, верно" }).click(),
    ]);
    assert.equal(await cookie(context, "region"), "samarkand");
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
