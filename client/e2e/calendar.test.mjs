// The patient's calendar on /history (issue 34 item 5): a signed-in
// patient sees "subscribe" (webcal) and the private address to copy, and
// "add to Google Calendar" on a visit to come, in Russian and Uzbek, on a
// phone and a desktop; the address serves their visit as an iCalendar
// feed, and a new address stops the old one. server/site's TestBrowser
// makes the patient and the visit (CALENDAR_* variables).
import { test } from "node:test";
import assert from "node:assert/strict";
import { baseURL, desktop, hydrated, mobile, screenshot, signInByAPI as signIn, watchProblems, withContext } from "./browser.mjs";

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set (server/site/browser_test.go sets it)`);
  return v;
};

const langs = [
  { lang: "ru", prefix: "", subscribe: "Подписаться в календаре", google: "Добавить в Google Календарь", copy: "Скопировать ссылку", copied: "Ссылка скопирована", reset: "Создать новую ссылку", yes: "Да, создать" },
  { lang: "uz", prefix: "/uz", subscribe: "Taqvimga obuna bo'lish", google: "Google Taqvimga qo'shish", copy: "Havoladan nusxa olish", copied: "Havoladan nusxa olindi", reset: "Yangi havola yaratish", yes: "Ha, yaratish" },
];

test("/history offers the calendar feed and Google Calendar for a visit to come, ru and uz, phone and desktop", async () => {
  const visit = env("CALENDAR_VISIT");
  await withContext({ viewport: mobile }, async (page, context) => {
    await context.addCookies([{ name: "region", value: "tashkent", url: baseURL }]);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const problems = watchProblems(page);
    await signIn(context, "+998" + env("CALENDAR_PATIENT"));
    for (const l of langs) {
      for (const viewport of [mobile, desktop]) {
        await page.setViewportSize(viewport);
        await page.goto(`${l.prefix}/history`);
        const subscribe = page.getByRole("link", { name: l.subscribe });
        await subscribe.waitFor();
        assert.ok(await subscribe.isVisible(), `${l.lang}: the subscribe link is not visible`);
        const webcal = await subscribe.getAttribute("href");
        const address = await page.locator(".calendar-feed__url").inputValue();
        assert.equal(address, `${baseURL}${l.prefix}/calendar/${address.split("/").pop()}`, `${l.lang}: the address ${address}`);
        assert.match(address, /\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
        assert.equal(webcal, address.replace(/^https?:/, "webcal:"), `${l.lang}: webcal ${webcal}`);

        const card = page.locator(`.booking-card[data-booking="${visit}"]`);
        const google = card.getByRole("link", { name: l.google });
        assert.ok(await google.isVisible(), `${l.lang}: no Google Calendar link on the visit`);
        const link = new URL(await google.getAttribute("href"));
        assert.equal(link.origin + link.pathname, "https://calendar.google.com/calendar/render");
        assert.equal(link.searchParams.get("action"), "TEMPLATE");
        assert.match(link.searchParams.get("dates"), /^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
        const doctor = (await card.locator(".booking-card__doctor a").innerText()).trim();
        assert.ok(link.searchParams.get("text").includes(doctor), `${l.lang}: the event's title ${link.searchParams.get("text")} lacks ${doctor}`);
        assert.equal(await google.getAttribute("target"), "_blank");
        await screenshot(page, `calendar-history-${l.lang}-${viewport.width}.png`);

        // The address is the feed of this visit.
        const feed = await context.request.get(address);
        assert.equal(feed.status(), 200);
        assert.equal(feed.headers()["content-type"], "text/calendar; charset=utf-8");
        assert.ok((await feed.text()).includes(`UID:booking-${visit}@sogliq\r\n`), "the feed lacks the visit");
      }
    }

    // Copy, then a new address: the old one answers 404, the new one the feed.
    await page.setViewportSize(mobile);
    await page.goto("/history");
    await hydrated(page, "CalendarFeed");
    const old = await page.locator(".calendar-feed__url").inputValue();
    await page.getByRole("button", { name: langs[0].copy }).click();
    await page.getByText(langs[0].copied).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), old, "the clipboard holds the address");
    await page.getByRole("button", { name: langs[0].reset }).click();
    await page.getByRole("button", { name: langs[0].yes }).click();
    await page.waitForFunction((was) => document.querySelector(".calendar-feed__url")?.value !== was, old);
    const fresh = await page.locator(".calendar-feed__url").inputValue();
    assert.equal((await context.request.get(old)).status(), 404, "the old address still answers");
    assert.equal((await context.request.get(fresh)).status(), 200, "the new address does not answer");
    assert.equal(await page.getByRole("link", { name: langs[0].subscribe }).getAttribute("href"), fresh.replace(/^https?:/, "webcal:"));
    assert.deepEqual(problems, []);
  });
});
