// Online consultations (issue 30), on a 390 px phone: the listing's
// "online" chip keeps only doctors with the "Онлайн" badge; the desk of
// the visit's clinic pastes the meeting link of an online visit (a link
// that is not https is refused in the page's language); the patient then
// finds "Онлайн-консультация" and the link as a button on /history and
// on the visit's page. server/site's TestBrowser makes the patient, the
// visit (three days ahead at 15:00, so the hour of the run never
// matters) and the staff (ONLINE_* variables).
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, hydrated, mobile, screenshot, signInByAPI as signIn, watchProblems, withContext } from "./browser.mjs";

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set (server/site/browser_test.go sets it)`);
  return v;
};

/** noOverflow fails when the page is wider than the phone. */
async function noOverflow(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= mobile.width, `${what}: the page is ${width} px wide on a ${mobile.width} px phone`);
}

test("the online chip keeps only badged doctors, on a phone", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/doctors/kardiolog");
    const chip = page.locator(".doctor-list__filters a", { hasText: "Онлайн-консультация" });
    assert.equal(await chip.getAttribute("href"), "/doctors/kardiolog?online=1");
    await Promise.all([page.waitForURL(/\?online=1$/), chip.tap()]);
    const cards = page.locator("article.doctor-summary");
    const n = await cards.count();
    assert.ok(n > 0, "no cardiologist sees patients online");
    assert.equal(await page.locator("article.doctor-summary .doctor-summary__online").count(), n, "a card without the online badge");
    assert.equal((await cards.first().locator(".doctor-summary__online").innerText()).trim(), "Онлайн");
    assert.equal(await page.locator('.doctor-list__filters a[aria-current="true"]').getAttribute("href"), "/doctors/kardiolog");
    await noOverflow(page, "the filtered listing");
    await screenshot(page, "online-listing-390.png");
    assert.deepEqual(problems, []);
  });
});

test("the desk pastes the meeting link of an online visit; the patient sees it on /history", async () => {
  const visit = env("ONLINE_VISIT");
  const link = `https://meet.jit.si/sogliq-e2e-${visit}`;
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await signIn(context, "+998" + env("ONLINE_STAFF"));
    const problems = watchProblems(page);
    const open = async () => {
      await hydrated(page, "DeskBoard");
      await page.locator(`.desk-board__days [data-day="${env("ONLINE_DAY")}"]`).click();
      return page.locator(`.desk-day:not([hidden]) [data-visit="${visit}"]`);
    };
    await page.goto(`/desk?clinic=${env("ONLINE_CLINIC")}`);
    let card = await open();
    const meeting = card.locator(".desk-visit__meeting");
    assert.match(await meeting.innerText(), /Онлайн[\s\S]*Ссылки пока нет/);

    // Not https: refused, in Russian, nothing saved.
    await meeting.getByLabel("Ссылка на видеовстречу").fill("http://meet.jit.si/x");
    await meeting.getByRole("button", { name: "Сохранить ссылку" }).tap();
    await page.getByText("Ссылка на встречу должна начинаться с https://").waitFor();

    await meeting.getByLabel("Ссылка на видеовстречу").fill(link);
    await Promise.all([page.waitForEvent("load"), meeting.getByRole("button", { name: "Сохранить ссылку" }).tap()]);
    card = await open();
    assert.equal(await card.locator(".desk-visit__meeting").getAttribute("data-meeting"), link);
    await noOverflow(page, "the desk");
    await screenshot(page, "online-desk-390.png");
    assert.deepEqual(problems.filter((p) => !/\/meeting|400 \(Bad Request\)/.test(p)), []);
  });

  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page, context) => {
    await context.addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
    await signIn(context, "+998" + env("ONLINE_PATIENT"));
    const problems = watchProblems(page);
    await page.goto("/history");
    const card = page.locator(`.booking-card[data-booking="${visit}"]`);
    assert.match(await card.locator(".booking-card__online").innerText(), /Онлайн-консультация/);
    const join = card.getByRole("link", { name: "Подключиться к видеовстрече" });
    assert.equal(await join.getAttribute("href"), link);
    assert.equal(await join.getAttribute("target"), "_blank");
    await noOverflow(page, "/history");
    await screenshot(page, "online-history-390.png");

    await page.goto(`/history/${visit}`);
    assert.equal(await page.locator(".booking-done__online a[data-meeting]").getAttribute("href"), link);
    assert.match(await page.locator(".booking-done__sms").innerText(), new RegExp(`Ссылка на видеовстречу: ${link.replace(/[.]/g, "\\.")}`));
    await noOverflow(page, "the visit page");
    assert.deepEqual(problems, []);
  });
});
