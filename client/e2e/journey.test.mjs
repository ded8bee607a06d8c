// Issue 30's whole scenario on a 390 px phone, as one patient lives it: on
// a specialty's listing she taps "children's doctors" and "today" (after 21:00
// in Tashkent, "tomorrow"), opens a doctor from the filtered cards, picks a
// visit type, then a time that fits it, books it for the child saved on
// her profile, attaches a referral to the visit; the visit's clinic sees
// the child and the referral on its desk, another clinic's staff see
// neither. server/site's journeyFixture makes the doctor, the patient and
// the staff (JOURNEY_* variables).
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, freeTimes, hydrated, mobile, screenshot, signInByAPI, watchProblems, withContext } from "./browser.mjs";

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set (server/site/journey_test.go sets it)`);
  return v;
};

/** tashkentDate is the Tashkent date days from today, YYYY-MM-DD (UTC+5 all year). */
function tashkentDate(days) {
  return new Date(Date.now() + 5 * 3600_000 + days * 24 * 3600_000).toISOString().slice(0, 10);
}

// "today" until 21:00 in Tashkent; later the day's last times are within
// the hour's notice or close to it, so the patient looks at tomorrow.
const late = new Date(Date.now() + 5 * 3600_000).getUTCHours() >= 21;
const window = late ? { name: "Завтра", query: "tomorrow", day: tashkentDate(1) } : { name: "Сегодня", query: "today", day: tashkentDate(0) };

const child = { name: "Камила Азимова", birthDate: "2020-03-14", relation: "child" };
const referral = { name: "Направление к педиатру.pdf", bytes: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n") };

/** noOverflow fails when the page is wider than the phone. */
async function noOverflow(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= mobile.width, `${what}: the page is ${width} px wide on a ${mobile.width} px phone`);
}

test(`a child's visit on a phone: "children's doctors" and "${window.query}", a visit type, a time, the saved child, a referral; the clinic's desk sees it, another's does not`, async () => {
  const clinicId = env("JOURNEY_CLINIC_ID");
  let visit = "";
  let day = "";
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    await context.addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
    await signInByAPI(context, "+998" + env("JOURNEY_PATIENT"));
    // The child was saved on the profile before (relatives.test.mjs saves one through the form).
    const saved = await context.request.post("/api/account/relatives", { data: child });
    assert.equal(saved.status(), 201, await saved.text());

    // The listing: for children, then free in the window; both are links.
    await page.goto(`/doctors/${env("JOURNEY_SPECIALTY")}`);
    await Promise.all([page.waitForURL((u) => u.pathname.endsWith("/deti")), page.getByRole("link", { name: "Детские врачи", exact: true }).tap()]);
    const filters = page.locator(".doctor-list__filters");
    await Promise.all([
      page.waitForURL((u) => u.pathname.endsWith("/deti") && u.searchParams.get("free") === window.query),
      filters.getByRole("link", { name: window.name, exact: true }).tap(),
    ]);
    assert.equal(await filters.getByRole("link", { name: window.name, exact: true }).getAttribute("aria-current"), "true");
    await freeTimes(page, "cards");
    await noOverflow(page, "the filtered listing");
    await screenshot(page, "journey-listing-ru-mobile.png");
    const card = page.locator(".doctor-summary", { has: page.locator(`a[href$="/doctor/${env("JOURNEY_DOCTOR_SLUG")}"]`) });
    assert.equal(await card.count(), 1, `the fixture's children's doctor is among the ${await page.locator(".doctor-summary").count()} cards free ${window.query}`);
    await Promise.all([page.waitForURL((u) => u.pathname.endsWith(`/doctor/${env("JOURNEY_DOCTOR_SLUG")}`)), card.locator(".doctor-summary__name a").tap()]);

    // The doctor's page: the clinic's second visit type, then its first time.
    await freeTimes(page, "week");
    await hydrated(page, "BookingForm");
    const types = page.locator(`.week-slots__types[data-clinic="${clinicId}"] .week-slots__type-button`);
    assert.ok((await types.count()) >= 2, "the clinic offers two visit types or more");
    const type = types.nth(1);
    const typeId = await type.getAttribute("data-type");
    const typeName = (await type.innerText()).trim();
    await type.tap();
    const grid = page.locator(".week-slots__clinic", { has: page.locator(`.week-slots__type-button[data-type="${typeId}"][aria-pressed="true"]`) });
    const time = grid.locator(".slot-button").first();
    await time.waitFor();
    const start = await time.getAttribute("data-start");
    day = start.slice(0, 10);
    assert.ok(day >= tashkentDate(0), `the first time offered (${start}) is not in the past`);
    await screenshot(page, "journey-doctor-ru-mobile.png");
    await time.tap();

    // The form: the saved child by name, nothing asked of the parent.
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("timer").waitFor();
    // The clinic's cancel rule for this time, before the booking: until when, or "by phone only" inside the cut-off.
    const rule = dialog.locator("[data-cancel-until], .booking-form__warning");
    assert.equal(await rule.count(), 1, "the form states the cancel rule");
    assert.match(await rule.innerText(), /^Отменить или перенести можно до .+, \d\d:\d\d$|позвоните в клинику/);
    assert.ok((await dialog.locator(".booking-form__type").innerText()).includes(typeName.split("\n")[0].trim()), "the form names the type chosen");
    await dialog.getByLabel(`${child.name} (ребёнок)`).check();
    assert.equal(await dialog.getByLabel("Ваше имя").count(), 0, "a visit for the child asks nothing of the parent's profile");
    const returning = dialog.getByRole("group", { name: "Вы уже были у этого врача?" });
    if ((await returning.count()) > 0) await returning.getByLabel("Нет, впервые").check();
    await dialog.getByLabel(/Согласен на обработку/).check();
    await screenshot(page, "journey-form-ru-mobile.png");
    await Promise.all([
      page.waitForURL((u) => /^\/history\/\d+$/.test(u.pathname)),
      dialog.getByRole("button", { name: "Записаться", exact: true }).tap(),
    ]);
    visit = new URL(page.url()).pathname.split("/").pop();
    const booked = (await (await context.request.get("/api/bookings")).json()).data.upcoming.find((b) => String(b.id) === visit);
    assert.equal(booked.start, start);
    assert.equal(String(booked.visitType.id), typeId);
    assert.equal(booked.patientName, child.name);

    // The referral, on the visit's page.
    await hydrated(page, "VisitDocuments");
    const box = page.locator(".visit-documents");
    await box.getByLabel("Что это").selectOption("referral");
    await box.getByLabel("Файл").setInputFiles({ name: referral.name, mimeType: "application/pdf", buffer: referral.bytes });
    await box.getByRole("button", { name: "Прикрепить документ" }).tap();
    await box.locator("[data-document]").getByRole("link", { name: referral.name }).waitFor();
    await noOverflow(page, "the visit page");
    assert.deepEqual(problems, [], problems.join("\n"));
  });

  // The clinic's desk: the child, the type and the referral on the visit's day.
  let link = "";
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await signInByAPI(context, "+998" + env("JOURNEY_STAFF"));
    await page.goto(`/desk?clinic=${env("JOURNEY_CLINIC")}`);
    await hydrated(page, "DeskBoard");
    await page.locator(`.desk-board__days [data-day="${day}"]`).tap();
    const card = page.locator(`.desk-day:not([hidden]) [data-visit="${visit}"]`);
    await card.waitFor();
    assert.ok((await card.locator(".desk-visit__patient").innerText()).includes(child.name), "the desk names the child");
    const doc = card.locator(".desk-visit__documents").getByRole("link", { name: referral.name });
    await doc.waitFor();
    await noOverflow(page, "the desk");
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "journey-desk-ru-mobile.png");
    link = await doc.getAttribute("href");
    const res = await context.request.get(link);
    assert.equal(res.status(), 200);
    assert.ok(Buffer.from(await res.body()).equals(referral.bytes), "the clinic opens the referral as uploaded");
  });

  // Another clinic's staff: neither the visit nor the referral.
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await signInByAPI(context, "+998" + env("JOURNEY_OTHER_STAFF"));
    await page.goto("/desk");
    await hydrated(page, "DeskBoard");
    assert.equal(await page.locator(`[data-visit="${visit}"]`).count(), 0, "another clinic's desk shows the visit");
    assert.equal((await context.request.get(link)).status(), 403, "another clinic's staff opens the clinic's link");
    assert.equal((await context.request.get(`/api/documents?booking=${visit}`)).status(), 404, "another clinic's staff lists the visit's documents");
  });
});
