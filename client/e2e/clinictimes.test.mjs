// Browser test of issue 34 item 1: a clinic's page offers only that
// clinic's times; everywhere else each time says where and for how much
// (times grouped per clinic, with the price) before it is held, and the
// hold is made at that clinic.
//
// Run against a running site: BASE_URL=... node --test client/e2e/clinictimes.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, desktop, freeTimes, hydrated, watchProblems, withContext } from "./browser.mjs";

const texts = {
  ru: { listing: "/doctors/kardiolog", close: "Закрыть", priceHere: "Приём в этой клинике:" },
  uz: { listing: "/uz/doctors/kardiolog", close: "Yopish", priceHere: "Bu klinikada qabul:" },
};

/** holds collects the bodies of the page's POST /api/bookings/holds. */
function watchHolds(page) {
  const holds = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/bookings/holds") holds.push(JSON.parse(req.postData() ?? "{}"));
  });
  return holds;
}

/** closeDialog closes the booking dialog, which releases the hold. */
async function closeDialog(page, l) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: l.close }).click();
  await dialog.waitFor({ state: "detached" });
}

for (const lang of ["ru", "uz"]) {
  const l = texts[lang];
  test(`a listing's times say where and for how much; a clinic's page offers its own times only (${lang})`, async () => {
    await withContext({ viewport: desktop }, async (page) => {
      const problems = watchProblems(page);
      const holds = watchHolds(page);
      // A region chosen before: no region prompt over the times.
      await page.context().addCookies([{ name: "region", value: "tashkent", url: baseURL }]);

      // The listing: a doctor of several clinics shows times per clinic,
      // each group under the clinic's name and price as the card lists them.
      await page.goto(l.listing);
      await freeTimes(page, "cards");
      await hydrated(page, "BookingForm");
      const card = page.locator(".doctor-summary").filter({ has: page.locator(".next-slots__clinic + .next-slots__clinic") }).first();
      await card.waitFor();
      const doctor = (await card.locator(".doctor-summary__name").innerText()).trim();
      const groups = card.locator(".next-slots__clinic");
      const listed = new Map();
      for (const li of await card.locator(".doctor-summary__clinics li").all()) {
        listed.set((await li.locator("strong").innerText()).trim(), (await li.locator(".doctor-summary__price").innerText()).trim());
      }
      const seen = [];
      for (const g of await groups.all()) {
        const name = (await g.locator(".next-slots__where strong").innerText()).trim();
        const price = (await g.locator(".next-slots__price").innerText()).trim();
        assert.equal(listed.get(name), price, `${doctor}: the times at ${name} are shown at the price the card lists`);
        const first = g.locator(".slot-button").first();
        const label = await first.getAttribute("aria-label");
        assert.ok(label.includes(name) && label.includes(price), `a time's name says where and for how much: ${label}`);
        assert.match((await first.innerText()).trim(), /^\d{2}:\d{2}$/, "a time shows the hour under its day, not the day again");
        seen.push({ id: Number(await g.getAttribute("data-clinic")), name, price });
      }
      assert.ok(new Set(seen.map((s) => s.id)).size >= 2, "times at two clinics, in two groups");

      // A time of the second group is held at that clinic, and the dialog
      // names it and its price.
      const second = seen[1];
      await groups.nth(1).locator(".slot-button").first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("timer").waitFor();
      const summary = await dialog.locator(".booking-form__summary").innerText();
      assert.ok(summary.includes(second.name) && summary.includes(second.price), `the dialog names ${second.name}, ${second.price}: ${summary}`);
      assert.equal(holds.at(-1)?.clinicId, second.id, "the hold is made at the clinic the time was shown under");
      await closeDialog(page, l);

      // The second clinic's page: the same doctor's card offers times at
      // this clinic only, under its price, and holds them here.
      await Promise.all([page.waitForURL((u) => u.pathname.includes("/klinika/")), card.locator(".doctor-summary__clinics a", { hasText: second.name }).first().click()]);
      const marker = page.locator('[data-free-times="cards"]');
      assert.equal(Number(await marker.getAttribute("data-clinic")), second.id, "the clinic's page asks for its own times");
      await freeTimes(page, "cards");
      await hydrated(page, "BookingForm");
      const sections = page.locator(".clinic__doctors .next-slots__clinic");
      assert.ok((await sections.count()) > 0, "the clinic's doctors show times");
      for (const id of await sections.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-clinic"))))) {
        assert.equal(id, second.id, "no time of another clinic on a clinic's page");
      }
      const here = page.locator(".clinic__doctors .doctor-summary", { hasText: doctor });
      if ((await here.count()) > 0) {
        const where = (await here.locator(".next-slots__where").innerText()).trim();
        assert.equal(where, `${l.priceHere} ${second.price}`, "the doctor's price at this clinic, not elsewhere");
      }
      const time = sections.first().locator(".slot-button").first();
      await time.click();
      await dialog.getByRole("timer").waitFor();
      assert.equal(holds.at(-1)?.clinicId, second.id, "a time on a clinic's page is held at that clinic");
      assert.ok((await dialog.locator(".booking-form__summary").innerText()).includes(second.name));
      await closeDialog(page, l);

      assert.deepEqual(problems, [], problems.join("\n"));
    });
  });
}
