// Browser test of issue 30's "finding a free doctor": on a 390 px phone a
// patient taps "today" (late in the evening, "tomorrow") and then a
// doctor's gender on a listing, and sees only doctors of that gender with
// a free time then; the filters are links, so the same taps work with
// JavaScript off.
//
// Run against a running site: BASE_URL=... node --test client/e2e/freedoctor.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, freeTimes, mobile, watchProblems, withContext } from "./browser.mjs";

const texts = {
  ru: { listing: "/doctors/kardiolog", today: "Сегодня", tomorrow: "Завтра", female: "Женщина", reset: "Сбросить фильтры", femaleName: /вна$/ },
  uz: { listing: "/uz/doctors/kardiolog", today: "Bugun", tomorrow: "Ertaga", female: "Ayol", reset: "Filtrlarni tozalash", femaleName: /ovna$/ },
};

/** tashkentNow is now as a Date whose UTC fields read Tashkent's clock (UTC+5 all year). */
function tashkentNow() {
  return new Date(Date.now() + 5 * 3600_000);
}

// The window the test taps: "today" until 21:00 in Tashkent; later the
// fixture's last slot of the day (23:30) is within the hour's notice or
// close to it, so the test taps "tomorrow" and expects tomorrow's times.
const late = tashkentNow().getUTCHours() >= 21;
const window = late ? "tomorrow" : "today";

/** tashkentDate is the Tashkent date days from today, YYYY-MM-DD. */
function tashkentDate(days) {
  return new Date(tashkentNow().getTime() + days * 24 * 3600_000).toISOString().slice(0, 10);
}

/**
 * firstFreeFits says whether a doctor's first free time (/api/slots'
 * nextFree) fits the window: today for "today"; for "tomorrow", today or
 * tomorrow (one free tomorrow may still have a time tonight).
 */
function firstFreeFits(nextFree) {
  const date = nextFree?.slice(0, 10);
  return late ? date === tashkentDate(0) || date === tashkentDate(1) : date === tashkentDate(0);
}

/** tapFilters taps the window, then the female gender, checking the address after each. */
async function tapFilters(page, l) {
  await page.goto(l.listing);
  const filters = page.locator(".doctor-list__filters");
  await Promise.all([page.waitForURL((u) => u.searchParams.get("free") === window), filters.getByRole("link", { name: l[window], exact: true }).tap()]);
  await Promise.all([page.waitForURL((u) => u.searchParams.get("gender") === "f" && u.searchParams.get("free") === window), filters.getByRole("link", { name: l.female, exact: true }).tap()]);
  for (const name of [l[window], l.female]) {
    assert.equal(await filters.getByRole("link", { name, exact: true }).getAttribute("aria-current"), "true", `${name} is shown in force`);
  }
  const names = await page.locator(".doctor-summary__name").allInnerTexts();
  assert.ok(names.length > 0, `women cardiologists free ${window} (the fixture's doctor at least)`);
  for (const n of names) assert.match(n.trim(), l.femaleName, `${n} is a woman`);
  return names.length;
}

for (const lang of ["ru", "uz"]) {
  const l = texts[lang];
  test(`"${window}" and "woman" leave women free ${window}, on a phone (${lang})`, async () => {
    await withContext({ viewport: mobile, hasTouch: true, isMobile: true }, async (page) => {
      const problems = watchProblems(page);
      await page.context().addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
      // Only the filtered page's own requests count: the listings before
      // it asked for their own doctors.
      const slots = [];
      page.on("response", (r) => {
        const from = new URL(r.request().frame().url());
        if (new URL(r.url()).pathname === "/api/slots" && r.ok() && from.searchParams.get("gender") === "f") slots.push(r.json());
      });
      const cards = await tapFilters(page, l);
      // Free times stay fresh through /api/slots: each card's first time is in the window.
      await freeTimes(page, "cards");
      const doctors = (await Promise.all(slots)).flatMap((s) => s.data.doctors);
      // Cards ask for their times as they come into view: at least the first.
      assert.ok(doctors.length >= 1 && doctors.length <= cards, `/api/slots answered for ${doctors.length} of the ${cards} cards`);
      for (const d of doctors) assert.ok(firstFreeFits(d.nextFree), `doctor ${d.doctorId} is free ${window} (first free ${d.nextFree})`);
      assert.deepEqual(problems, []);
    });
  });

  test(`the same filters work with JavaScript off (${lang})`, async () => {
    await withContext({ viewport: mobile, hasTouch: true, isMobile: true, javaScriptEnabled: false }, async (page) => {
      await tapFilters(page, l);
      // Taking the filters away again is a link too.
      await Promise.all([page.waitForURL((u) => u.search === ""), page.getByRole("link", { name: l.reset }).first().tap()]);
    });
  });
}
