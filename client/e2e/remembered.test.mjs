// Browser tests of the remembered region (issue 17): the bare root follows
// the stored region, the region dialog puts focus on the current region and
// gives it back, and on a page without a region (a doctor's card) choosing
// a region stores it and stays, and the next listing is in that region. The
// site's location stub places every visitor in Samarkand
// (server/site/browser_test.go).
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, mobile, watchProblems, withContext, hydrated } from "./browser.mjs";

async function waitForPicker(page) {
  await hydrated(page, "RegionPicker");
}

test("confirm Samarkand, close, come back to /: the site opens /samarkand", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (first, context) => {
    const problems = watchProblems(first);
    await first.goto("/");
    await waitForPicker(first);
    const prompt = first.locator(".region-prompt");
    await prompt.waitFor({ state: "visible" });
    await Promise.all([
      first.waitForURL((u) => u.pathname === "/samarkand"),
      prompt.getByRole("button", { name: "Да, верно" }).click(),
    ]);
    assert.deepEqual(problems, [], problems.join("\n"));
    await first.close();

    const page = await context.newPage();
    const res = await page.goto("/");
    assert.equal(new URL(page.url()).pathname, "/samarkand");
    assert.equal(res?.status(), 200);
    const hop = await res?.request().redirectedFrom()?.response();
    assert.equal(hop?.status(), 302, "the root answers a redirect");
    assert.equal(hop?.headers()["cache-control"], "private, no-store");
    await waitForPicker(page);
    assert.equal((await page.locator("button.region-picker__button").innerText()).trim(), "Самаркандская область");
  });
});

test("the region dialog opens on the current region and gives focus back on close", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    await page.goto("/uz/samarkand/doctors");
    await waitForPicker(page);
    const button = page.locator("button.region-picker__button");
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Viloyatni tanlang" });
    await dialog.waitFor({ state: "visible" });
    const focused = () => page.evaluate(() => [document.activeElement?.textContent?.trim(), document.activeElement?.getAttribute("aria-current")]);
    assert.deepEqual(await focused(), ["Samarqand viloyati", "true"]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    assert.equal(await button.evaluate((b) => b === document.activeElement), true, "focus is back on the region button");
  });
});

test("on a doctor's card, choosing Bukhara stores it and stays; the next listing is in Bukhara", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    // A recent "choose another": no prompt in the way.
    await context.addCookies([{ name: "region_rejected_at", value: String(Date.now()), url: baseURL }]);
    await page.goto("/doctors/kardiolog");
    const card = await page.locator("h2.doctor-summary__name a").first().getAttribute("href");
    await page.goto(card);
    await waitForPicker(page);
    await page.locator("button.region-picker__button").click();
    const dialog = page.getByRole("dialog", { name: "Выберите регион" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("link", { name: "Бухарская область" }).click();
    await dialog.waitFor({ state: "hidden" });
    assert.equal(new URL(page.url()).pathname, card, "the card stays");
    assert.equal((await page.locator("button.region-picker__button").innerText()).trim(), "Бухарская область");
    const cookie = (await context.cookies()).find((c) => c.name === "region");
    assert.equal(cookie?.value, "bukhara");

    // The sidebar's listing links now lead into Bukhara.
    await page.locator("button.burger").click();
    const doctors = page.locator("#sidebar a", { hasText: "Врачи" }).first();
    await doctors.waitFor({ state: "visible" });
    await Promise.all([page.waitForURL((u) => u.pathname === "/bukhara/doctors"), doctors.click()]);

    // Another card shows the stored region without a choice.
    await page.goto(card);
    await waitForPicker(page);
    assert.equal((await page.locator("button.region-picker__button").innerText()).trim(), "Бухарская область");
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
