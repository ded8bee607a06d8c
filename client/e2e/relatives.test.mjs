// Relatives saved on the profile (issue 30), on a 390 px phone: a patient
// saves a child on /profile, books a visit for the child, choosing them
// in the booking form, and the clinic's desk shows the child's name and
// age. The Go side (TestBrowser) grants the desk's staff: DESK_* below.
import { test } from "node:test";
import assert from "node:assert/strict";
import { freeTimes, hydrated, mobile, screenshot, signInByAPI, watchProblems, withContext } from "./browser.mjs";

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set (TestBrowser sets it)`);
  return v;
};

/** ageOn is the age in whole years on day (YYYY-MM-DD) of someone born on birth. */
function ageOn(birth, day) {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

test("a child saved on the profile is booked for and shown on the desk", async () => {
  const child = { name: "Алия Каримова", birth: "2019-05-04" };
  let visit, start;
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    const problems = watchProblems(page);
    await signInByAPI(context, "+998901230031");

    // The profile: no relatives yet, then the child saved.
    await page.goto("/profile");
    await hydrated(page, "RelativesForm");
    const relatives = page.locator(".relatives");
    await relatives.getByText("Пока никого нет.").waitFor();
    await relatives.getByRole("button", { name: "Добавить родственника" }).click();
    await relatives.getByLabel("Имя и фамилия").fill(child.name);
    await relatives.getByLabel("Дата рождения").fill(child.birth);
    assert.equal(await relatives.getByLabel("Кем приходится").inputValue(), "child");
    await relatives.getByRole("button", { name: "Сохранить" }).click();
    await relatives.locator(".relatives__item", { hasText: child.name }).waitFor();
    assert.match(await relatives.locator(".relatives__item").innerText(), /Алия Каримова · Ребёнок, 04\.05\.2019/);
    await screenshot(page, "relatives-profile-ru-mobile.png");
    // The page itself lists them (no script needed to see them).
    await page.reload();
    await page.locator(".relatives__item", { hasText: child.name }).waitFor();

    // The desk's doctor, at the desk's clinic, on a day after today.
    await page.goto(`/doctor/${env("DESK_DOCTOR_SLUG")}`);
    await freeTimes(page, "week");
    await hydrated(page, "BookingForm");
    const clinic = page.locator(".week-slots__clinic", { has: page.getByRole("heading", { name: env("DESK_CLINIC_NAME"), exact: true }) });
    const today = new Date(Date.now() + 5 * 3600 * 1000).toISOString().slice(0, 10);
    await clinic.locator(".slot-button").first().waitFor();
    const times = await clinic.locator(".slot-button").evaluateAll((bs, d) => bs.map((b) => b.dataset.start).filter((s) => !s.startsWith(d)), today);
    assert.ok(times.length > 0, "a free time after today at the desk's clinic");
    start = times[0];
    await clinic.locator(`.slot-button[data-start="${start}"]`).click();

    // The form offers the child by name; the visit is booked for them.
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("timer").waitFor();
    const forChild = dialog.getByLabel("Алия Каримова (ребёнок)");
    await forChild.check();
    assert.equal(await dialog.getByLabel("Ваше имя").count(), 0, "a visit for the child asks nothing of the parent's profile");
    await dialog.getByLabel(/Согласен на обработку/).check();
    await screenshot(page, "relatives-booking-ru-mobile.png");
    await Promise.all([
      page.waitForURL((u) => /^\/history\/\d+$/.test(u.pathname)),
      dialog.getByRole("button", { name: "Записаться", exact: true }).click(),
    ]);
    visit = new URL(page.url()).pathname.split("/").pop();
    assert.deepEqual(problems, [], problems.join("\n"));
  });

  // The clinic's desk: the child's name and age beside the visit.
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await signInByAPI(context, "+998" + env("DESK_STAFF"));
    await page.goto(`/desk?clinic=${env("DESK_CLINIC")}`);
    await hydrated(page, "DeskBoard");
    const card = page.locator(`[data-visit="${visit}"] .desk-visit__patient`);
    const text = await card.textContent();
    assert.ok(text.includes(child.name), `the desk shows ${child.name}: ${text}`);
    const age = ageOn(child.birth, start.slice(0, 10));
    assert.equal(await card.locator(".desk-visit__age").getAttribute("data-age"), String(age));
    assert.match(text, new RegExp(`Возраст: ${age} (год|года|лет)`));
  });
});
