// Browser test of visit types (issue 30), on a 390 px phone: on a doctor's
// page the patient picks a visit type of two slots first, sees only the
// times that fit it, picks one, answers "been to this doctor before?"
// once, books, and the visit's page and the API say its type, its length
// and its price.
//
// Run against a running site: BASE_URL=... SMS_GATEWAY_URL=... node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { freeTimes, hydrated, mobile, screenshot, signInByAPI, watchProblems, withContext } from "./browser.mjs";

const phone = "+998907000041";

/**
 * typedDoctor finds, among a listing's doctors, one with a visit type of
 * two slots at a clinic and a time of it more than three hours away: its
 * page, the clinic, the type and that type's times.
 */
async function typedDoctor(page) {
  await page.goto("/doctors/kardiolog");
  const cards = await page.$$eval(".doctor-summary", (els) =>
    els.map((el) => ({ id: Number(el.querySelector("[data-next-slots]")?.getAttribute("data-next-slots")), href: el.querySelector(".doctor-summary__name a")?.getAttribute("href") })),
  );
  const later = Date.now() + 3 * 3600 * 1000;
  for (const card of cards.filter((c) => c.id && c.href)) {
    const all = await (await page.request.get(`/api/doctors/${card.id}/slots?days=14`)).json();
    for (const clinic of all.data.clinics) {
      const type = clinic.types.find((t) => t.slots === 2);
      if (!type || clinic.types.length < 2) continue;
      const typed = await (await page.request.get(`/api/doctors/${card.id}/slots?days=14&type=${type.id}`)).json();
      const at = typed.data.clinics.find((c) => c.clinicId === clinic.clinicId);
      const starts = at.days.flatMap((d) => d.slots).filter((s) => Date.parse(s.start) > later);
      if (starts.length > 0) return { href: card.href, clinicId: clinic.clinicId, type, price: at.price };
    }
  }
  assert.fail(`no cardiologist of ${cards.length} with a free time of a two-slot visit type`);
}

test("visit type on a phone: pick the type, then a time that fits it, book", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    await signInByAPI(context, phone);
    const { href, clinicId, type, price } = await typedDoctor(page);

    await page.goto(href);
    await freeTimes(page, "week");
    await hydrated(page, "BookingForm");
    const clinic = page.locator(".week-slots__clinic", { has: page.locator(`.week-slots__types[data-clinic="${clinicId}"]`) });
    const choice = clinic.locator(`.week-slots__type-button[data-type="${type.id}"]`);
    assert.equal(await choice.getAttribute("aria-pressed"), "false", "the clinic's first type is chosen at first, not this one");
    await choice.click();
    // The grid asks for that type's times and marks the type chosen.
    await page.locator(`.week-slots__clinic .week-slots__type-button[data-type="${type.id}"][aria-pressed="true"]`).waitFor();

    // Its times take two slots: each offered start has the type's length
    // free after it (the API's times for the type are what is shown).
    const shown = page.locator(".week-slots__clinic", { has: page.locator(`[data-type="${type.id}"][aria-pressed="true"]`) });
    await shown.locator(".slot-button").first().waitFor();
    const later = Date.now() + 3 * 3600 * 1000;
    await shown.locator(".slot-button").evaluateAll((buttons, min) => {
      for (const b of buttons) if (Date.parse(b.dataset.start) > min) b.dataset.later = "";
    }, later);
    let time = shown.locator(".slot-button[data-later]").first();
    if ((await time.count()) === 0) {
      // All this week's are too soon: the next week.
      await page.locator(".week-slots__step").last().click();
      await page.locator(`.week-slots__clinic [data-type="${type.id}"][aria-pressed="true"]`).waitFor();
      time = page.locator(".week-slots__clinic", { has: page.locator(`[data-type="${type.id}"][aria-pressed="true"]`) }).locator(".slot-button").last();
    }
    const start = await time.getAttribute("data-start");
    await screenshot(page, "visittype-week-ru-mobile.png");
    await time.click();

    // The form holds the type's time and says which type, how long, how much.
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("timer").waitFor();
    assert.equal((await dialog.locator(".booking-form__type").innerText()).trim(), `${type.name}, ${type.minutes} мин`);
    await dialog.getByLabel("Ваше имя").fill("Нодира");
    await dialog.getByLabel("Ваша фамилия").fill("Юсупова");
    await dialog.getByLabel("Ваша дата рождения").fill("1990-05-01");
    // Asked once per doctor: a new patient.
    await dialog.getByRole("group", { name: "Вы уже были у этого врача?" }).getByLabel("Нет, впервые").check();
    await dialog.getByLabel("Согласен на обработку персональных данных и передачу их клинике для записи").check();
    await screenshot(page, "visittype-form-ru-mobile.png");
    await Promise.all([
      page.waitForURL((u) => /^\/history\/\d+$/.test(u.pathname)),
      dialog.getByRole("button", { name: "Записаться", exact: true }).click(),
    ]);
    assert.equal(await page.locator("h1").innerText(), "Вы записаны");
    assert.equal((await page.locator(".booking-done__type").innerText()).trim(), `${type.name}, ${type.minutes} мин`);

    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const visits = await (await page.request.get("/api/bookings")).json();
    const visit = visits.data.upcoming.find((b) => b.id === id);
    assert.equal(visit.start, start);
    assert.equal((Date.parse(visit.end) - Date.parse(visit.start)) / 60000, type.minutes, "the visit takes the type's two slots");
    assert.equal(visit.price, price);
    assert.equal(visit.visitType.name, type.name);
    // Remembered: the next booking with this doctor asks no more.
    const known = await (await page.request.get(`/api/bookings/returning?doctor=${visit.doctor.id}`)).json();
    assert.equal(known.data.self, false);
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
