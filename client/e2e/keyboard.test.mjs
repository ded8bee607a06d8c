// Browser test of issue 34 item 2: the booking dialog, the region picker
// and the phone menu driven with the keyboard alone. Focus moves into the
// dialog when it opens, Tab and Shift+Tab stay inside it, Escape closes it
// (the booking dialog releasing its hold), and focus returns to what
// opened it.
//
// Run against a running site: BASE_URL=... node --test client/e2e/keyboard.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, desktop, hydrated, mobile, watchProblems, withContext } from "./browser.mjs";

/** tabTo presses Tab until the focused element matches selector (at most max presses). */
async function tabTo(page, selector, max = 400) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
  }
  assert.fail(`Tab never reached ${selector} in ${max} presses`);
}

/** focusInside says whether the focused element is inside one of selectors. */
function focusInside(page, selectors) {
  return page.evaluate((ss) => ss.some((s) => !!document.activeElement?.closest(s)), selectors);
}

/** staysInside presses Tab n times, then Shift+Tab n times, checking each time that focus stays inside selectors. */
async function staysInside(page, selectors, n) {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < n; i++) {
      await page.keyboard.press(key);
      const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
      assert.ok(await focusInside(page, selectors), `${key} #${i + 1} left the dialog for ${where}`);
    }
  }
}

const region = (page) => page.context().addCookies([{ name: "region", value: "tashkent", url: baseURL }]);

for (const lang of ["ru", "uz"]) {
  test(`the booking dialog with the keyboard alone (${lang})`, async () => {
    await withContext({ viewport: desktop }, async (page) => {
      const problems = watchProblems(page);
      await region(page);
      await page.goto(lang === "uz" ? "/uz/doctors/kardiolog" : "/doctors/kardiolog");

      // Tab to the first free time (the times load as the focus brings the
      // cards into view) and open it with Enter.
      await tabTo(page, ".doctor-summary .slot-button");
      const start = await page.evaluate(() => document.activeElement.dataset.start);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("timer").waitFor();
      assert.ok(await focusInside(page, [".booking-form__dialog"]), "focus moved into the dialog");
      assert.ok(await page.locator("header.header").evaluate((h) => !!h.closest("[inert]")), "the page behind is inert");

      // Tab walks the dialog only, both ways, never the ~100 times behind it.
      await staysInside(page, [".booking-form__dialog"], 12);

      // Escape closes it and releases the hold; focus is back on that time.
      const release = page.waitForResponse((r) => r.request().method() === "DELETE" && new URL(r.url()).pathname.startsWith("/api/bookings/holds/"));
      await page.keyboard.press("Escape");
      assert.equal((await release).status(), 204, "Escape released the hold");
      await dialog.waitFor({ state: "detached" });
      await page.waitForFunction((s) => document.activeElement?.matches(`.slot-button[data-start="${s}"]`), start);
      await page.waitForFunction(() => !document.querySelector("[inert]:not(.sidebar)"));

      // The time is usable again at once: Enter holds it anew.
      await page.keyboard.press("Enter");
      await dialog.getByRole("timer").waitFor();
      assert.ok(await focusInside(page, [".booking-form__dialog"]));
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await page.waitForFunction((s) => document.activeElement?.matches(`.slot-button[data-start="${s}"]`), start);

      assert.deepEqual(problems, [], problems.join("\n"));
    });
  });
}

test("the region picker with the keyboard alone", async () => {
  await withContext({ viewport: desktop }, async (page) => {
    const problems = watchProblems(page);
    await region(page);
    await page.goto("/doctors");
    await tabTo(page, ".region-picker__button");
    // Focus woke the island; the keys under test are its own. (A press
    // before it hydrates is held and replayed by the entry: its own tests.)
    await hydrated(page, "RegionPicker");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    assert.ok(await focusInside(page, [".region-modal__dialog"]), "focus moved into the region list");
    await staysInside(page, [".region-modal__dialog"], 20);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assert.ok(await page.evaluate(() => document.activeElement?.matches(".region-picker__button")), "focus is back on the region button");
    assert.equal(await page.locator("[inert]:not(.sidebar)").count(), 0, "nothing but the closed phone menu stays inert");
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});

test("the phone menu with the keyboard alone", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await region(page);
    await page.goto("/doctors");
    await tabTo(page, ".burger");
    await hydrated(page, "BurgerMenu");
    await page.keyboard.press("Enter");
    const sidebar = page.locator("#" + (await page.locator(".burger").getAttribute("aria-controls")));
    await page.waitForFunction(() => document.activeElement?.closest(".sidebar"));
    assert.equal(await sidebar.getAttribute("data-open"), "true");
    // Inside the menu, or on the burger that closes it.
    await staysInside(page, [".sidebar", ".burger"], 14);
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.activeElement?.matches(".burger"));
    assert.equal(await sidebar.getAttribute("data-open"), "false");
    assert.equal(await page.locator("[inert]:not(.sidebar)").count(), 0, "nothing but the closed menu stays inert");
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
