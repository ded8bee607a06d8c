// Browser test of booking (issue 12), on a phone, in Russian and in Uzbek:
// from the home page to a cardiologist in Samarkand, the next free time on
// the listing, signing in by SMS code inside the booking form, booking, the
// visit in /history, rescheduling it, cancelling it, and the freed time
// offered again. The SMS code comes from the loopback gateway
// (server/account/smstest), as a patient reads their phone.
//
// Run against a running site: BASE_URL=... SMS_GATEWAY_URL=... node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { mobile, hydrated, screenshot, smsCode, watchProblems, withContext, freeTimes } from "./browser.mjs";


const texts = {
  ru: {
    home: "/",
    region: "/samarkand",
    yes: "Да, верно",
    query: "кардиолог",
    listing: "/samarkand/doctors/kardiolog",
    prefix: "",
    phoneLabel: "Номер телефона",
    phone: "90 700 00 01",
    phoneFull: "+998907000001",
    sendCode: "Получить код",
    code: "Код из SMS",
    signIn: "Войти",
    consent: "Согласен на обработку персональных данных и передачу их клинике для записи",
    firstName: "Ваше имя",
    lastName: "Ваша фамилия",
    birthDate: "Ваша дата рождения",
    book: "Записаться",
    booked: "Вы записаны",
    status: "Записан",
    reschedule: "Перенести",
    moveHere: "Перенести на это время",
    cancel: "Отменить запись",
    cancelYes: "Да, отменить",
    cancelled: "Отменена",
    bookAgain: "Записаться снова",
    history: "История",
  },
  uz: {
    home: "/uz",
    region: "/uz/samarkand",
    yes: "Ha, to'g'ri",
    query: "kardiolog",
    listing: "/uz/samarkand/doctors/kardiolog",
    prefix: "/uz",
    phoneLabel: "Telefon raqami",
    phone: "90 700 00 02",
    phoneFull: "+998907000002",
    sendCode: "Kodni olish",
    code: "SMS dagi kod",
    signIn: "Kirish",
    consent: "Shaxsiy ma'lumotlarimni qayta ishlash va yozilish uchun klinikaga berishga roziman",
    firstName: "Ismingiz",
    lastName: "Familiyangiz",
    birthDate: "Tug'ilgan sanangiz",
    book: "Yozilish",
    booked: "Siz yozildingiz",
    status: "Yozilgan",
    reschedule: "Ko'chirish",
    moveHere: "Shu vaqtga ko'chirish",
    cancel: "Yozuvni bekor qilish",
    cancelYes: "Ha, bekor qilish",
    cancelled: "Bekor qilingan",
    bookAgain: "Yana yozilish",
    history: "Tarix",
  },
};

// markCancellable marks the time buttons matching selector that start more
// than three hours from now (data-start), beyond any cancel cutoff.
async function markCancellable(page, selector) {
  await page.$$eval(selector, (buttons, min) => {
    for (const b of buttons) if (Date.parse(b.dataset.start) > min) b.dataset.cancellable = "";
  }, Date.now() + 3 * 3600 * 1000);
}

for (const lang of ["ru", "uz"]) {
  const l = texts[lang];
  test(`booking on a phone (${lang}): find, pick, sign in, book, reschedule, cancel`, async () => {
    await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
      const problems = watchProblems(page);
      const slotRequests = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname === "/api/slots") slotRequests.push(req.url());
      });

      // The home page: the region prompt (the test's location service says
      // Samarkand), then the search box to the cardiologists there.
      await page.goto(l.home);
      await hydrated(page, "RegionPicker");
      await Promise.all([
        page.waitForURL((u) => u.pathname === l.region),
        page.locator(".region-prompt").getByRole("button", { name: l.yes }).click(),
      ]);
      await hydrated(page, "SearchBox");
      await page.locator("#header-search").fill(l.query);
      const option = page.locator('[role="listbox"] [role="option"][data-type="doctor_specialty"]').first();
      await option.waitFor({ state: "visible" });
      await Promise.all([page.waitForURL((u) => u.pathname === l.listing), option.click()]);

      // The listing: free times arrive after hydration, one request for the page.
      await freeTimes(page, "cards");
      await hydrated(page, "BookingForm");
      assert.equal(slotRequests.length, 1, `one /api/slots per listing page, got ${slotRequests.join(", ")}`);
      // A time past the clinics' cancel cutoff (120 min; lead 60 min), so the
      // visit can be moved and cancelled at whatever hour the test runs.
      await page.locator(".doctor-summary .slot-button").first().waitFor();
      await markCancellable(page, ".doctor-summary .slot-button");
      const card = page.locator(".doctor-summary").filter({ has: page.locator(".slot-button[data-cancellable]") }).first();
      const firstTime = card.locator(".slot-button[data-cancellable]").first();
      const doctorName = (await card.locator(".doctor-summary__name").innerText()).trim();
      const firstLabel = (await firstTime.innerText()).trim();
      assert.match(firstLabel, /^\d{2}:\d{2}$/, "a time button shows the Tashkent time under its day");
      assert.match(await firstTime.getAttribute("aria-label"), /, \d{2}:\d{2} — /, "its name says the day, the time and where");
      const firstTimeName = await firstTime.getAttribute("aria-label");
      await screenshot(page, `booking-listing-${lang}-mobile.png`);
      await firstTime.click();

      // The form holds the time, counts down, and signs in inline.
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("timer").waitFor();
      // Minutes and seconds left, not "4:59", which reads as a clock time.
      assert.match(await dialog.getByRole("timer").innerText(), lang === "uz" ? /yana [45] daq \d\d s/ : /ещё [45] мин \d\d с/);
      await dialog.getByLabel(l.phoneLabel).fill(l.phone);
      await dialog.getByRole("button", { name: l.sendCode }).click();
      // The code field shows once the gateway took the SMS.
      await dialog.getByLabel(l.code).waitFor();
      await dialog.getByLabel(l.code).fill(await smsCode(l.phoneFull));
      // Signing in gives the hold its five minutes again (once): the code
      // took some of them.
      const extended = page.waitForResponse((r) => /\/api\/bookings\/holds\/\d+\/extend\?/.test(r.url()));
      await dialog.getByRole("button", { name: l.signIn, exact: true }).click();
      const extension = await extended;
      assert.equal(extension.status(), 200, "the hold is extended at sign-in");
      const { data } = await extension.json();
      assert.ok(Date.parse(data.expiresAt) - Date.now() > 4 * 60_000, `the hold now lapses at ${data.expiresAt}`);
      // A new patient's profile is empty: the form asks for what the clinic
      // needs of a visit for oneself (issue 27 item 8).
      await dialog.getByLabel(l.firstName).fill("Нодира");
      await dialog.getByLabel(l.lastName).fill("Юсупова");
      await dialog.getByLabel(l.birthDate).fill("1990-05-01");
      await dialog.getByLabel(l.consent).check();
      await screenshot(page, `booking-form-${lang}-mobile.png`);
      // A double tap books once: both taps carry one idempotency key.
      const submit = dialog.getByRole("button", { name: l.book, exact: true });
      await Promise.all([page.waitForURL((u) => /^\/(uz\/)?history\/\d+$/.test(u.pathname)), submit.dblclick()]);
      const firstId = new URL(page.url()).pathname.split("/").pop();
      const firstWhen = (await page.locator(".booking-done__facts time").innerText()).trim();
      assert.equal(await page.locator("h1").innerText(), l.booked);
      assert.ok((await page.locator(".booking-done__facts").innerText()).includes(doctorName));
      await screenshot(page, `booking-done-${lang}-mobile.png`);

      // /history lists it, the bottom navigation marks history.
      await page.goto(`${l.prefix}/history`);
      const active = page.locator('.bottom-nav a[aria-current="page"]');
      assert.equal((await active.innerText()).trim(), l.history);
      const visits = page.locator(".history__list--upcoming .booking-card", { hasText: firstWhen });
      assert.equal(await visits.count(), 1, "exactly one visit booked despite the double tap");
      const visit = visits.first();
      assert.ok((await visit.innerText()).includes(doctorName));
      assert.equal((await visit.locator(".booking-card__status").innerText()).trim(), l.status);

      // Reschedule: a new time at the same clinic, held, then moved.
      await hydrated(page, "BookingActions");
      await hydrated(page, "BookingForm");
      await visit.getByRole("button", { name: l.reschedule, exact: true }).click();
      await visit.locator(".week-slots .slot-button").first().waitFor();
      await markCancellable(page, ".week-slots .slot-button");
      const newTime = visit.locator(".week-slots .slot-button[data-cancellable]").first();
      await newTime.click();
      await Promise.all([
        page.waitForURL((u) => /^\/(uz\/)?history\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${firstId}`)),
        page.getByRole("dialog").getByRole("button", { name: l.moveHere }).click(),
      ]);
      const movedWhen = (await page.locator(".booking-done__facts time").innerText()).trim();
      const movedId = new URL(page.url()).pathname.split("/").pop();

      // Cancel it on /history.
      await page.goto(`${l.prefix}/history`);
      await hydrated(page, "BookingActions");
      const moved = page.locator(`.history__list--upcoming .booking-card[data-booking="${movedId}"]`);
      await moved.getByRole("button", { name: l.cancel }).click();
      await moved.getByRole("button", { name: l.cancelYes }).click();
      // The page reloads with the visit cancelled.
      const cancelled = page.locator(`.booking-card--cancelled[data-booking="${movedId}"]`);
      await cancelled.waitFor();
      assert.equal((await cancelled.locator(".booking-card__status").innerText()).trim(), l.cancelled);
      await screenshot(page, `booking-history-${lang}-mobile.png`);

      // "Book again" leads to the doctor card, whose week grid offers the
      // cancelled time again.
      await Promise.all([
        page.waitForURL((u) => /^\/(uz\/)?doctor\//.test(u.pathname)),
        cancelled.getByRole("link", { name: l.bookAgain }).click(),
      ]);
      await freeTimes(page, "week");
      // A day shows its first times and "+N" for the rest: open them all.
      const more = page.locator(".slot-grid .week-slots__more");
      while ((await more.count()) > 0) await more.first().click();
      const movedLabel = movedWhen.replace(/ \d{4},/, ",");
      assert.equal(await page.locator(".slot-grid").getByRole("button", { name: movedLabel, exact: true }).count(), 1, `${movedLabel} is free again`);

      // And the first time, freed by the reschedule, is back on the listing.
      await page.goto(l.listing);
      await freeTimes(page, "cards");
      const again = page.locator(".doctor-summary", { hasText: doctorName }).getByRole("button", { name: firstTimeName, exact: true });
      assert.equal(await again.count(), 1, `${firstLabel} is free again`);

      assert.deepEqual(problems, [], problems.join("\n"));
    });
  });
}
