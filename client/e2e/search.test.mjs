// Browser tests of the header search box (client/islands/SearchBox.tsx):
// suggestions as you type, keyboard choice, Enter on the text, Escape and
// outside click, against a seeded site.
//
// Run against a running site: BASE_URL=http://127.0.0.1:8080 node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { desktop, withContext, hydrated } from "./browser.mjs";

/** withPage runs fn on a desktop page and fails on any page or console error. */
async function withPage(fn) {
  await withContext({ viewport: desktop }, async (page) => {
    const errors = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    await fn(page);
    assert.deepEqual(errors, [], "console errors");
  });
}

/** openBox loads path and waits for the search island to hydrate. */
async function openBox(page, pagePath) {
  await page.goto(pagePath);
  await hydrated(page, "SearchBox");
  return page.locator("#header-search");
}

test("typing shows suggestions, the specialty first; arrow and Enter open it", async () => {
  await withPage(async (page) => {
    const input = await openBox(page, "/");
    await input.fill("кардиолог");
    const options = page.locator('[role="listbox"] [role="option"]');
    await options.first().waitFor({ state: "visible" });
    assert.equal(await input.getAttribute("aria-expanded"), "true");
    assert.equal(await options.first().getAttribute("data-type"), "doctor_specialty");
    assert.equal(await options.first().locator("mark").textContent(), "Кардиолог");
    assert.match(await options.first().textContent(), /Специальность/);
    await input.press("ArrowDown");
    const activeId = await input.getAttribute("aria-activedescendant");
    assert.equal(activeId, await options.first().getAttribute("id"));
    assert.equal(await options.first().getAttribute("aria-selected"), "true");
    await Promise.all([page.waitForURL("**/doctors/kardiolog"), input.press("Enter")]);
  });
});

test("Enter on the text goes to the results page", async () => {
  await withPage(async (page) => {
    const input = await openBox(page, "/uz");
    await input.fill("kardiologlar");
    await page.locator('[role="option"]').first().waitFor({ state: "visible" });
    assert.match(await page.locator('[role="option"]').first().textContent(), /Mutaxassislik/);
    await Promise.all([page.waitForURL("**/uz/search?q=kardiologlar"), input.press("Enter")]);
    await page.locator('.search-group[data-type="doctor_specialty"] a[href="/uz/doctors/kardiolog"]').waitFor({ state: "attached" });
    assert.equal(await page.locator("#header-search").inputValue(), "kardiologlar");
  });
});

test("Escape, the clear button and an outside click close the list", async () => {
  await withPage(async (page) => {
    const input = await openBox(page, "/");
    const list = page.locator('[role="listbox"]');
    await input.fill("rfhlbjkju");
    await page.locator('[role="option"]').first().waitFor({ state: "visible" });
    await input.press("Escape");
    await list.waitFor({ state: "hidden" });
    assert.equal(await input.getAttribute("aria-expanded"), "false");

    await input.fill("узи");
    await page.locator('[role="option"]').first().waitFor({ state: "visible" });
    await page.locator("h1, main").first().click();
    await list.waitFor({ state: "hidden" });

    await input.fill("мрт");
    await page.locator('[role="option"]').first().waitFor({ state: "visible" });
    await page.locator(".search-box__clear").click();
    await list.waitFor({ state: "hidden" });
    assert.equal(await input.inputValue(), "");
  });
});

test("an Uzbek lay phrase leads to the specialty, and picking it lands on the region's listing", async () => {
  await withPage(async (page) => {
    const input = await openBox(page, "/uz/samarkand");
    await input.fill("tishim og'riyapti");
    const first = page.locator('[role="listbox"] [role="option"]').first();
    await first.waitFor({ state: "visible" });
    assert.equal(await first.getAttribute("data-type"), "doctor_specialty");
    assert.equal(await first.locator("a").getAttribute("href"), "/uz/samarkand/doctors/stomatolog");
    await Promise.all([page.waitForURL("**/uz/samarkand/doctors/stomatolog"), first.click()]);
    assert.match(await page.locator("h1").first().textContent(), /Stomatolog/);
  });
});

test("an emergency puts the ambulance number first", async () => {
  await withPage(async (page) => {
    const input = await openBox(page, "/");
    await input.fill("скорая помощь");
    const first = page.locator('[role="listbox"] [role="option"]').first();
    await first.waitFor({ state: "visible" });
    assert.equal(await first.getAttribute("data-type"), "emergency");
    assert.equal(await first.locator("a").getAttribute("href"), "tel:103");
    assert.match(await first.textContent(), /103/);
  });
});

test("a red flag shows the emergency group first, its entry dials 103, in both languages", async () => {
  for (const [path, phrase, heading, next] of [
    ["/", "болит сердце трудно дышать", "Экстренная помощь", "Специальности"],
    ["/uz", "yuragim qattiq og'riyapti nafas ololmayapman", "Shoshilinch yordam", "Mutaxassisliklar"],
  ]) {
    await withPage(async (page) => {
      const input = await openBox(page, path);
      await input.fill(phrase);
      const first = page.locator('[role="listbox"] [role="option"]').first();
      await first.waitFor({ state: "visible" });
      assert.equal(await first.getAttribute("data-type"), "emergency");
      assert.equal(await first.locator("a").getAttribute("href"), "tel:103");
      const groups = page.locator('[role="listbox"] [role="group"]');
      assert.equal(await groups.first().getAttribute("data-group"), "emergency");
      assert.equal(await groups.first().locator(".search-box__heading").textContent(), heading);
      // The group is named by its heading for screen readers.
      const labelled = await groups.first().getAttribute("aria-labelledby");
      assert.equal(await page.locator(`#${labelled}`).textContent(), heading);
      // Who treats it comes after, under its own heading; 8 options at most.
      assert.equal(await groups.nth(1).locator(".search-box__heading").textContent(), next);
      assert.ok((await page.locator('[role="option"]').count()) <= 8);
      // The arrow keys start at the emergency entry.
      await input.press("ArrowDown");
      assert.equal(await input.getAttribute("aria-activedescendant"), await first.getAttribute("id"));
    });
  }
});

test("a named service leads its group of services and tests, the specialty after it", async () => {
  await withPage(async (page) => {
    const input = await openBox(page, "/");
    await input.fill("чистка зубов");
    const first = page.locator('[role="listbox"] [role="option"]').first();
    await first.waitFor({ state: "visible" });
    assert.equal(await first.locator("a").getAttribute("href"), "/uslugi/chistka-zubov");
    const headings = await page.locator('[role="listbox"] .search-box__heading').allTextContents();
    assert.deepEqual(headings.slice(0, 2), ["Услуги и анализы", "Специальности"]);
  });
});
