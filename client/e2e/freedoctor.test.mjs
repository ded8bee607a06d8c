// Browser test of issue 30's "finding a free doctor": on a 390 px phone a
// patient taps "today" and then a doctor's gender on a listing, and sees
// only doctors of that gender with a free time today; the filters are
// links, so the same taps work with JavaScript off.
//
// Run against a running site: BASE_URL=... node --test client/e2e/freedoctor.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, freeTimes, mobile, watchProblems, withContext } from "./browser.mjs";

const texts = {
  ru: { listing: "/doctors/kardiolog", today: "Сегодня", female: "Женщина", reset: "Сбросить фильтры", femaleName: /вна$/ },
  uz: { listing: "/uz/doctors/kardiolog", today: "Bugun", female: "Ayol", reset: "Filtrlarni tozalash", femaleName: /ovna$/ },
};

/** tashkentToday is today's date in Tashkent (UTC+5 all year), YYYY-MM-DD. */
function tashkentToday() {
  return new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);
}

/** tapFilters taps "today", then the female gender, checking the address after each. */
async function tapFilters(page, l) {
  await page.goto(l.listing);
  const filters = page.locator(".doctor-list__filters");
  await Promise.all([page.waitForURL((u) => u.searchParams.get("free") === "today"), filters.getByRole("link", { name: l.today, exact: true }).tap()]);
  await Promise.all([page.waitForURL((u) => u.searchParams.get("gender") === "f" && u.searchParams.get("free") === "today"), filters.getByRole("link", { name: l.female, exact: true }).tap()]);
  for (const name of [l.today, l.female]) {
    assert.equal(await filters.getByRole("link", { name, exact: true }).getAttribute("aria-current"), "true", `${name} is shown in force`);
  }
  const names = await page.locator(".doctor-summary__name").allInnerTexts();
  assert.ok(names.length > 0, "women cardiologists free today (the fixture's doctor at least)");
  for (const n of names) assert.match(n.trim(), l.femaleName, `${n} is a woman`);
  return names.length;
}

for (const lang of ["ru", "uz"]) {
  const l = texts[lang];
  test(`"today" and "woman" leave women free today, on a phone (${lang})`, async () => {
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
      // Free times stay fresh through /api/slots: each card's first time is today.
      await freeTimes(page, "cards");
      const doctors = (await Promise.all(slots)).flatMap((s) => s.data.doctors);
      // Cards ask for their times as they come into view: at least the first.
      assert.ok(doctors.length >= 1 && doctors.length <= cards, `/api/slots answered for ${doctors.length} of the ${cards} cards`);
      for (const d of doctors) assert.equal(d.nextFree?.slice(0, 10), tashkentToday(), `doctor ${d.doctorId} is free today`);
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
