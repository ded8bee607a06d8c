// Browser test of issue 34 item 3: a sign-in started from a page returns
// to it and finishes what was asked. A doctor with no free time offers the
// waitlist; signed out, the card asks nothing of the API (no 401 from GET
// /api/waitlist) and links to the sign-in; a new patient signs in, fills
// /register/finalize and is back on the doctor's page on the list; a
// returning patient (Uzbek) comes straight back, on the list. The doctor
// and the returning patient come from TestBrowser's waitlistFixture.
//
// Run through TestBrowser: E2E_ONLY=returnto go test ./server/site -run 'TestBrowser$'
import { test } from "node:test";
import assert from "node:assert/strict";
import { freeTimes, hydrated, mobile, smsCode, watchProblems, withContext } from "./browser.mjs";

const doctorId = Number(process.env.WAITLIST_DOCTOR_ID);
const slug = process.env.WAITLIST_DOCTOR_SLUG;
const returning = process.env.WAITLIST_RETURNING_PHONE;

const texts = {
  ru: {
    prefix: "",
    signIn: "Войдите, чтобы встать в список ожидания",
    phoneLabel: "Номер телефона",
    sendCode: "Получить код",
    code: "Код из SMS",
    enter: "Войти",
    joined: "Вы в списке ожидания: пришлём SMS, когда время освободится.",
    finish: "Завершить регистрацию",
  },
  uz: {
    prefix: "/uz",
    signIn: "Kutish ro'yxatiga yozilish uchun kiring",
    phoneLabel: "Telefon raqami",
    sendCode: "Kodni olish",
    code: "SMS dagi kod",
    enter: "Kirish",
    joined: "Siz kutish ro'yxatidasiz: vaqt bo'shasa, SMS yuboramiz.",
    finish: "Ro'yxatdan o'tishni yakunlash",
  },
};

/** signIn fills the SMS sign-in on /login with phone (national digits). */
async function signIn(page, l, national) {
  // The form's button asks for a code only once the island has hydrated
  // (1 run in 4 timed out waiting for the code field on a loaded machine).
  await hydrated(page, "SignInForm");
  await page.getByLabel(l.phoneLabel).fill(national);
  await page.getByRole("button", { name: l.sendCode }).click();
  await page.getByLabel(l.code).waitFor();
  await page.getByLabel(l.code).fill(await smsCode(`+998${national}`));
  await page.getByRole("button", { name: l.enter, exact: true }).click();
}

for (const [lang, national, fresh] of [["ru", "907300001", true], ["uz", (returning ?? "").slice(3), false]]) {
  const l = texts[lang];
  test(`the waitlist's sign-in comes back and joins (${lang}, ${fresh ? "a new patient through /register/finalize" : "a returning patient"})`, async () => {
    assert.ok(doctorId && slug && returning, "WAITLIST_* are set by TestBrowser's waitlistFixture");
    await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
      const problems = watchProblems(page);
      const asked = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname.startsWith("/api/waitlist")) asked.push(`${req.method()} ${new URL(req.url()).pathname}`);
      });
      const doctorPath = `${l.prefix}/doctor/${slug}`;
      await page.goto(doctorPath);
      await freeTimes(page, "week");
      const link = page.getByRole("link", { name: l.signIn });
      await link.waitFor();
      assert.deepEqual(asked, [], "signed out, the waitlist asks nothing of the API (no 401 logged)");
      // No free time in the horizon: no "later" week to step to (item 16).
      assert.ok(await page.locator(".week-slots__step").last().isDisabled(), "'later' is off without free time in the horizon");

      // To the sign-in, carrying the way back and what was asked.
      await Promise.all([page.waitForURL((u) => u.pathname === `${l.prefix}/login`), link.click()]);
      const next = new URL(page.url()).searchParams.get("next");
      assert.equal(next, `${doctorPath}?waitlist=${doctorId}`);
      await signIn(page, l, national);
      if (fresh) {
        await page.waitForURL((u) => u.pathname === `${l.prefix}/register/finalize`);
        assert.equal(new URL(page.url()).searchParams.get("next"), next, "registration keeps the way back");
        // As on /login: a click before the form's island hydrated does
        // nothing (a full run on a loaded machine timed out here once).
        await hydrated(page, "ProfileForm");
        await page.getByLabel(lang === "uz" ? "Ism" : "Имя", { exact: true }).fill("Малика");
        await page.getByLabel(lang === "uz" ? "Familiya" : "Фамилия", { exact: true }).fill("Садыкова");
        await page.getByRole("button", { name: l.finish }).click();
      }

      // Back on the doctor's page, on the list, the request gone from the address.
      await page.waitForURL((u) => u.pathname === doctorPath);
      await page.getByText(l.joined).waitFor();
      assert.equal(new URL(page.url()).search, "", "the one-off request leaves the address");
      assert.ok(asked.includes("POST /api/waitlist"), `joined: ${asked.join(", ")}`);
      const mine = await page.evaluate((id) => fetch(`/api/waitlist?doctors=${id}`).then((r) => r.json()), doctorId);
      assert.deepEqual(mine.data.doctors, [doctorId]);

      // Reloading does not join twice or fail.
      await page.reload();
      await freeTimes(page, "week");
      await page.getByText(l.joined).waitFor();
      assert.deepEqual(problems, [], problems.join("\n"));
    });
  });
}
